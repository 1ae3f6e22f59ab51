import type { Command } from 'commander';
import { repositoriesOf } from '@byline/shared/store';
import { issueConfirmLink } from '@byline/editorial/use-cases/address-proof';
import { issueResetLink } from '@byline/editorial/use-cases/password-reset';
import { validEmail } from '../checked-input';
import { CliError, withStore, type CliContext } from '../cli-context';
import { writeLine } from '../output';

export function registerUsers(program: Command, ctx: CliContext): void {
  const users = program.command('users').description('help portal users into their accounts');
  users
    .command('confirm-link')
    .description(
      'print a link (valid for 24 hours, once) with which a portal user confirms their email address (with their password); for a portal without mail',
    )
    .requiredOption('--email <email>', 'the portal user')
    .action(async (options: { email: string }) => {
      const email = validEmail(options.email);
      const outcome = await withStore(ctx, (store, config) =>
        issueConfirmLink(repositoriesOf(store), email, config.publicPortalUrl, new Date()),
      );
      if (outcome.status === 'no-user') throw new CliError(`No portal user ${email}.`);
      if (outcome.status === 'proven') {
        writeLine(ctx.stdout, `${outcome.email} is confirmed already.`);
        return;
      }
      writeLine(
        ctx.stdout,
        `Confirmation link for ${outcome.email} (valid for 24 hours, once; send it to that address, or hand it over only to someone you know reads its mail):`,
      );
      writeLine(ctx.stdout, outcome.link);
    });
  users
    .command('reset-link')
    .description(
      'print a link (valid for 1 hour, once) with which a portal user chooses a new password; for a portal without mail',
    )
    .requiredOption('--email <email>', 'the portal user')
    .action(async (options: { email: string }) => {
      const email = validEmail(options.email);
      const reset = await withStore(ctx, (store, config) =>
        issueResetLink(repositoriesOf(store), email, config.publicPortalUrl, new Date()),
      );
      if (!reset) throw new CliError(`No portal user ${email}.`);
      writeLine(ctx.stdout, `Reset link for ${reset.email} (valid for 1 hour, once; hand it over privately):`);
      writeLine(ctx.stdout, reset.link);
    });
}

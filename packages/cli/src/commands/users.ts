import type { Command } from 'commander';
import { backendOf } from '@byline/editorial';
import { issueResetLink } from '@byline/portal/operator';
import { validEmail } from '../checked-input';
import { CliError, withStore, type CliContext } from '../cli-context';
import { writeLine } from '../output';

export function registerUsers(program: Command, ctx: CliContext): void {
  program
    .command('users')
    .description('help portal users into their accounts')
    .command('reset-link')
    .description(
      'print a link (valid for 1 hour, once) with which a portal user chooses a new password; for a portal without mail',
    )
    .requiredOption('--email <email>', 'the portal user')
    .action(async (options: { email: string }) => {
      const email = validEmail(options.email);
      const reset = await withStore(ctx, (store, config) =>
        issueResetLink(backendOf(store), email, config.publicPortalUrl, new Date()),
      );
      if (!reset) throw new CliError(`No portal user ${email}.`);
      writeLine(ctx.stdout, `Reset link for ${reset.email} (valid for 1 hour, once; hand it over privately):`);
      writeLine(ctx.stdout, reset.link);
    });
}

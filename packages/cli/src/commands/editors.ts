import type { Command } from 'commander';
import { repositoriesOf } from '@byline/shared/store';
import { createEditor } from '@byline/editorial/use-cases/accounts';
import { validEmail } from '../checked-input';
import { CliError, withNewOrExistingStore, type CliContext } from '../cli-context';
import { writeLine } from '../output';

export function registerEditors(program: Command, ctx: CliContext): void {
  program
    .command('editors')
    .description('manage the portal editors who decide who is verified')
    .command('create')
    .description('make a portal user an editor, creating the user with a one-time password (24 hours, once) if needed')
    .requiredOption('--email <email>', 'the editor')
    .action(async (options: { email: string }) => {
      const email = validEmail(options.email);
      const { result, portalUrl } = await withNewOrExistingStore(ctx, async (store, config) => ({
        result: await createEditor(repositoriesOf(store).users, email),
        portalUrl: config.publicPortalUrl,
      }));
      // Anyone can sign up with the address an operator is about to name: only its owner's account is promoted.
      if (result.status === 'unproven')
        throw new CliError(
          [
            `${result.email} was not made an editor: its portal account has not confirmed the address, and whoever`,
            'signed up with it may not be its owner. The owner confirms it first (the link mailed at sign-up or',
            `"Send the link again" on the portal; without mail, \`byline users confirm-link --email ${result.email}\``,
            'sent to that address), then run this again.',
          ].join(' '),
        );
      if (result.status === 'promoted') {
        writeLine(ctx.stdout, `${result.email} is now an editor.`);
        return;
      }
      writeLine(
        ctx.stdout,
        result.status === 'created'
          ? `Editor ${result.email} created.`
          : `${result.email} has not chosen a password yet: here is a new one-time password (the earlier one no longer works).`,
      );
      writeLine(ctx.stdout, `One-time password (valid for 24 hours, once): ${result.temporaryPassword}`);
      writeLine(ctx.stdout, `Sign in with it at ${portalUrl}/signin; the portal then asks for a password of your own.`);
    });
}

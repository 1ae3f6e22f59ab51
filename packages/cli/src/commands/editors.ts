import type { Command } from 'commander';
import { createEditor } from '@byline/portal/operator';
import { validEmail } from '../checked-input';
import { withPortalStore, withStore, type CliContext } from '../cli-context';
import { writeLine } from '../output';

export function registerEditors(program: Command, ctx: CliContext): void {
  program
    .command('editors')
    .description('manage the portal editors who decide who is verified')
    .command('create')
    .description('make a portal user an editor, creating the user with a one-time password if needed')
    .requiredOption('--email <email>', 'the editor')
    .action(async (options: { email: string }) => {
      const email = validEmail(options.email);
      const result = await withStore(ctx, (store) => withPortalStore(store, (portal) => createEditor(portal, email)));
      if (result.status === 'promoted') {
        writeLine(ctx.stdout, `${result.email} is now an editor.`);
      } else {
        writeLine(ctx.stdout, `Editor ${result.email} created. One-time password (shown once): ${result.temporaryPassword}`);
        writeLine(ctx.stdout, 'Sign in at the portal and change it at /settings/password.');
      }
    });
}

import type { Command } from 'commander';
import { setVerifiedByOperator } from '@byline/portal/operator';
import { backendOf } from '@byline/editorial';
import { CliError, withStore, type CliContext } from '../cli-context';
import { writeLine } from '../output';

export function registerProfiles(program: Command, ctx: CliContext): void {
  const profiles = program.command('profiles').description('mark profiles verified or not');
  for (const [name, verified] of [
    ['verify', true],
    ['unverify', false],
  ] as const) {
    profiles
      .command(name)
      .description(verified ? 'mark a profile verified' : 'withdraw a profile’s verification')
      .argument('<slug>', 'the profile_slug')
      .action(async (slug: string) => {
        const found = await withStore(ctx, (store) =>
          // Audited like an editor's decision in the portal's verification history.
          setVerifiedByOperator(backendOf(store), slug, verified),
        );
        if (!found) throw new CliError(`No profile with slug "${slug}".`);
        writeLine(ctx.stdout, `Profile ${slug} is now ${verified ? 'verified' : 'not verified'}.`);
      });
  }
}

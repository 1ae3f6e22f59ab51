import type { Command } from 'commander';
import { setVerifiedByOperator } from '@byline/portal';
import type { Store } from '@byline/shared';
import { CliError, withPortalStore, withStore, type CliContext } from '../cli-context';
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
        const found = await withStore(ctx, (store) => setVerified(store, slug, verified));
        if (!found) throw new CliError(`No profile with slug "${slug}".`);
        writeLine(ctx.stdout, `Profile ${slug} is now ${verified ? 'verified' : 'not verified'}.`);
      });
  }
}

/** Audited like an editor's decision where the store keeps portal records (embedded); MongoDB has no portal store yet. */
function setVerified(store: Store, slug: string, verified: boolean): Promise<boolean> {
  if (store.kind !== 'embedded') return store.setProfileVerified(slug, verified);
  return withPortalStore(store, (portal) => setVerifiedByOperator(portal, slug, verified));
}

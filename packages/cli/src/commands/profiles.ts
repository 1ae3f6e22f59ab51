import type { Command } from 'commander';
import { setVerifiedByOperator } from '@byline/editorial/use-cases/verification';
import { repositoriesOf } from '@byline/shared/store';
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
      .option(
        '--reason <text>',
        verified
          ? 'why (kept in the profile’s history, which the journalist reads)'
          : 'why (required: kept in the profile’s history, which the journalist reads)',
      )
      .action(async (slug: string, options: { reason?: string }) => {
        // Checked before the store is opened: a withdrawal without a reason changes nothing.
        if (!verified && !options.reason?.trim())
          throw new CliError('Say why with --reason "…": the journalist reads it in their history.');
        const outcome = await withStore(ctx, (store) =>
          // Audited like an editor's decision in the portal's verification history.
          setVerifiedByOperator(repositoriesOf(store), slug, verified, { reason: options.reason ?? '' }),
        );
        if (outcome === 'needs-reason') throw new CliError('Say why with --reason "…".');
        if (outcome === 'no-such-profile') throw new CliError(`No profile with slug "${slug}".`);
        writeLine(ctx.stdout, `Profile ${slug} is now ${verified ? 'verified' : 'not verified'}.`);
      });
  }
}

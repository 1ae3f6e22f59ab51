import type { Command } from 'commander';
import { repositoriesOf } from '@byline/shared/store';
import { recheckHolder, recheckPolicyOf, runRecheck, type RecheckProgress } from '@byline/editorial/proofs/recheck';
import { rechecksOf } from '@byline/editorial/recheck/rechecks';
import { blueskySourcesOf } from '@byline/editorial/bluesky/bluesky-sources';
import { createSafeFetch, outboundOf } from '@byline/fetcher';
import { withStore, type CliContext } from '../cli-context';
import { writeLine } from '../output';

export function registerRecheck(program: Command, ctx: CliContext): void {
  program
    .command('recheck')
    .description('re-check rel="me" proofs now (the worker does it on a schedule): due ones, or --all')
    .option('--all', 'every live rel="me" proof, due or not')
    .action(async (options: { all?: boolean }) => {
      const summary = await withStore(ctx, async (store, config) => {
        const { claims, profiles, verification } = repositoriesOf(store);
        try {
          // Beside running workers: the leased queue keeps each proof to one checker at a time.
          return await runRecheck({
            rechecks: rechecksOf(repositoriesOf(store)),
            claims,
            profiles,
            verification,
            // The pages are addresses people typed: within ALLOWED_PRIVATE_ADDRESSES and DNS_SERVERS, as the worker.
            fetch: createSafeFetch(outboundOf(config)),
            bluesky: { sources: blueskySourcesOf(config), claims },
            portalUrl: config.publicPortalUrl,
            policy: recheckPolicyOf(config),
            holder: recheckHolder('byline-recheck'),
            all: options.all === true,
            onProgress: (progress) => writeLine(ctx.stdout, progressLine(progress)),
          });
        } finally {
          await claims.close();
        }
      });
      const counts = `${summary.held} held, ${summary.failing} failing, ${summary.lapsed} lapsed`;
      const lost = summary.leaseLost ? `, ${summary.leaseLost} taken over by another checker` : '';
      const skipped = summary.skipped ? `; skipped ${summary.skipped} proof(s) leased by another run` : '';
      writeLine(ctx.stdout, `Re-checked ${summary.checked} proof(s): ${counts}${lost}${skipped}.`);
    });
}

/** One checked proof: profile slug, site, result (and why it failed). */
function progressLine({ due, outcome, result }: RecheckProgress): string {
  const why = outcome.ok ? '' : ` (${outcome.reason})`;
  return `${due.profileSlug}  ${due.claim.value}  ${result}${why}`;
}

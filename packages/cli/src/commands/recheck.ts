import type { Command } from 'commander';
import {
  createSafeFetch,
  openClaimStore,
  recheckHolder,
  recheckPolicyOf,
  runRecheck,
  type RecheckProgress,
  type SafeFetch,
} from '@byline/shared';
import { withStore, type CliContext } from '../cli-context';
import { writeLine } from '../output';

/** Tests give the command a fetch that may reach their page server on loopback; otherwise the strict one. */
export type RecheckContext = CliContext & { fetch?: SafeFetch };

export function registerRecheck(program: Command, ctx: RecheckContext): void {
  program
    .command('recheck')
    .description('re-check rel="me" proofs now (the worker does it on a schedule): due ones, or --all')
    .option('--all', 'every live rel="me" proof, due or not')
    .action(async (options: { all?: boolean }) => {
      const summary = await withStore(ctx, async (store, config) => {
        const claims = openClaimStore(store);
        try {
          // Beside running workers: the claim store's leases keep each proof to one checker at a time.
          return await runRecheck({
            claims,
            fetch: ctx.fetch ?? createSafeFetch(),
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
      writeLine(ctx.stdout, `Re-checked ${summary.checked} proof(s): ${counts}${lost}.`);
    });
}

/** One checked proof: profile slug, site, result (and why it failed). */
function progressLine({ due, outcome, result }: RecheckProgress): string {
  const why = outcome.ok ? '' : ` (${outcome.reason})`;
  return `${due.profileSlug}  ${due.claim.value}  ${result}${why}`;
}

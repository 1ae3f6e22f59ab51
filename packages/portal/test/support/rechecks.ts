import { repositoriesOf } from '@byline/shared/store';
import { rechecksOf } from '@byline/editorial/recheck/rechecks';
import { runRecheck, type RecheckSummary } from '@byline/editorial/proofs/recheck';
import type { BlueskySources } from '@byline/editorial/bluesky/bluesky-identity';
import type { RecheckPolicy } from '@byline/domain/proofs/claim-store';
import { createSafeFetch } from '@byline/fetcher';
import { loopbackOutbound } from '@byline/test-support';
import type { Portal } from './portal-harness';

export interface RecheckAt {
  now: Date;
  portalUrl: string;
  policy: RecheckPolicy;
  /** Where Bluesky accounts are read; without it, Bluesky claims are not checked. */
  bluesky?: BlueskySources;
  /** Every live proof, due or not (see runRecheck's `all`). */
  all?: boolean;
}

/** The worker's re-check run at `now` over the portal's store, pages fetched on loopback as the tests serve them. */
export function recheckAt(portal: Portal, { now, portalUrl, policy, bluesky, all = false }: RecheckAt): Promise<RecheckSummary> {
  return runRecheck({
    rechecks: rechecksOf(repositoriesOf(portal.store)),
    claims: portal.claims,
    profiles: portal.repositories.profiles,
    verification: portal.repositories.verification,
    fetch: createSafeFetch({ ...loopbackOutbound(), timeoutMs: 3000 }),
    ...(bluesky ? { bluesky: { sources: bluesky, claims: portal.claims } } : {}),
    portalUrl,
    policy,
    holder: 'test',
    now: () => now,
    all,
  });
}

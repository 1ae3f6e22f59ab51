import type { CredentialIssuance, IssuanceSummary } from '@byline/domain/credentials/credential-issuance';
import { CREDENTIAL_ISSUE_TOPIC } from '@byline/domain/queue/topics';
import { startLeasedLoop, type LeasedLoopOptions } from './leased-run';
import type { TickingLoop } from './ticking-loop';

/** The one item whose lease is the right to issue. */
const ISSUER_KEY = 'issuer';
/** How long a run may go without renewing its lease: a replica that dies holding it delays the others this long. */
const LEASE_MS = 5_000;

export interface CredentialLoopOptions extends LeasedLoopOptions<IssuanceSummary> {
  issuance: CredentialIssuance;
}

export type CredentialLoop = TickingLoop;

/**
 * The worker's credential schedule: every `pollIntervalMs`, when a read finds work (a change to issue, a credential
 * or list to issue again), the replica that takes the issuer's lease on the leased queue issues credentials, revokes
 * what changes withdrew and publishes the status lists, renewing the lease as it goes. A replica that dies mid-run
 * leaves a lease that expires in LEASE_MS; what it did not finish is still pending, and the next holder does it.
 */
export function startCredentialLoop({ issuance, ...options }: CredentialLoopOptions): CredentialLoop {
  return startLeasedLoop(
    {
      run: 'credential run',
      topic: CREDENTIAL_ISSUE_TOPIC,
      key: ISSUER_KEY,
      leaseMs: LEASE_MS,
      report: (summary, logger) => logger.info('credentials issued', { ...summary }),
    },
    issuance,
    options,
  );
}

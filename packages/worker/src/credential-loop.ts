import type { Logger } from '@byline/domain/logging/logger';
import type { CredentialIssuance, IssuanceSummary } from '@byline/domain/credentials/credential-issuance';
import type { LeasedQueue } from '@byline/domain/queue/leased-queue';
import { CREDENTIAL_ISSUE_TOPIC } from '@byline/domain/queue/topics';
import { runUnderLease } from './leased-run';
import { startTicking, type TickingLoop } from './ticking-loop';

/** The one item whose lease is the right to issue. */
const ISSUER_KEY = 'issuer';
/** How long a run may go without renewing its lease: a replica that dies holding it delays the others this long. */
const LEASE_MS = 5_000;

export interface CredentialLoopOptions {
  issuance: CredentialIssuance;
  queue: LeasedQueue;
  holder: string;
  /** The wait between runs: how soon a change's credential is issued (a second). */
  pollIntervalMs: number;
  logger: Logger;
  now?: () => Date;
  /** Called after every run (tests wait on it). */
  onRun?: (result: { summary?: IssuanceSummary; error?: unknown }) => void;
}

export type CredentialLoop = TickingLoop;

/**
 * The worker's credential schedule: every `pollIntervalMs`, when a read finds work (a change to issue, a credential
 * or list to issue again), the replica that takes the issuer's lease on the leased queue issues credentials, revokes
 * what changes withdrew and publishes the status lists, renewing the lease as it goes. A replica that dies mid-run
 * leaves a lease that expires in LEASE_MS; what it did not finish is still pending, and the next holder does it.
 */
export function startCredentialLoop(options: CredentialLoopOptions): CredentialLoop {
  const { issuance, queue, holder, pollIntervalMs, logger, onRun, now = () => new Date() } = options;
  const stopping = new AbortController();

  return startTicking({
    run: 'credential run',
    pollIntervalMs,
    logger,
    stopping,
    tick: async () => {
      const summary = await runUnderLease({
        queue,
        topic: CREDENTIAL_ISSUE_TOPIC,
        key: ISSUER_KEY,
        holder,
        leaseMs: LEASE_MS,
        now,
        stopping: stopping.signal,
        hasWork: (at) => issuance.hasWork(at),
        run: (at, renew) => issuance.run(at, renew),
      });
      if (summary) logger.info('credentials issued', { ...summary });
      onRun?.({ summary });
    },
    onError: (error) => onRun?.({ error }),
  });
}

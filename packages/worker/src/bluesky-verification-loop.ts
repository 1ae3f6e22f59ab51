import type { Logger } from '@byline/domain/logging/logger';
import type { LeasedQueue } from '@byline/domain/queue/leased-queue';
import { BLUESKY_VERIFICATION_TOPIC } from '@byline/domain/queue/topics';
import type { BlueskyVerificationPublishing, PublishingSummary } from '@byline/editorial/bluesky/bluesky-verification-publishing';
import { runUnderLease } from './leased-run';
import { startTicking, type TickingLoop } from './ticking-loop';

/** The one item whose lease is the right to publish. */
const PUBLISHER_KEY = 'publisher';
/**
 * How long a run may go without renewing its lease: longer than one publication's reads and writes (each PDS call
 * times out within seconds), so a lease never passes mid-publication; a replica that dies delays the others this long.
 */
const LEASE_MS = 30_000;

export interface BlueskyVerificationLoopOptions {
  publishing: BlueskyVerificationPublishing;
  queue: LeasedQueue;
  holder: string;
  /** The wait between runs: how soon a change's record is published. */
  pollIntervalMs: number;
  logger: Logger;
  now?: () => Date;
  /** Called after every run that did something, or failed (tests and /metrics wait on it). */
  onRun?: (result: { summary?: PublishingSummary; error?: unknown }) => void;
}

export type BlueskyVerificationLoop = TickingLoop;

/**
 * The worker's Bluesky publications: every `pollIntervalMs`, when a read finds work (a change noted by a re-render,
 * a retry or a display name due a look), the replica that takes the publisher's lease on the leased queue publishes,
 * re-issues or deletes Byline's verification records, renewing the lease before each. A replica that dies mid-run
 * leaves a lease that expires in LEASE_MS; the next holder finishes what it left (see BlueskyVerificationPublishing).
 */
export function startBlueskyVerificationLoop(options: BlueskyVerificationLoopOptions): BlueskyVerificationLoop {
  const { publishing, queue, holder, pollIntervalMs, logger, onRun, now = () => new Date() } = options;
  const stopping = new AbortController();

  return startTicking({
    run: 'Bluesky verification run',
    pollIntervalMs,
    logger,
    stopping,
    tick: async () => {
      const summary = await runUnderLease({
        queue,
        topic: BLUESKY_VERIFICATION_TOPIC,
        key: PUBLISHER_KEY,
        holder,
        leaseMs: LEASE_MS,
        now,
        stopping: stopping.signal,
        hasWork: (at) => publishing.hasWork(at),
        run: (at, renew) => publishing.run(at, renew),
      });
      if (!summary) return;
      if (summary.failed) logger.warn('Bluesky verification records: some failed; retried later', { ...summary });
      else logger.info('Bluesky verification records published', { ...summary });
      onRun?.({ summary });
    },
    onError: (error) => onRun?.({ error }),
  });
}

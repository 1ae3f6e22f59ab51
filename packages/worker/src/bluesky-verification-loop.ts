import { BLUESKY_VERIFICATION_TOPIC } from '@byline/domain/queue/topics';
import type { BlueskyVerificationPublishing, PublishingSummary } from '@byline/editorial/bluesky/bluesky-verification-publishing';
import { startLeasedLoop, type LeasedLoopOptions } from './leased-run';
import type { TickingLoop } from './ticking-loop';

/** The one item whose lease is the right to publish. */
const PUBLISHER_KEY = 'publisher';
/**
 * How long a run may go without renewing its lease: longer than one publication's reads and writes (each PDS call
 * times out within seconds), so a lease never passes mid-publication; a replica that dies delays the others this long.
 */
const LEASE_MS = 30_000;

export interface BlueskyVerificationLoopOptions extends LeasedLoopOptions<PublishingSummary> {
  publishing: BlueskyVerificationPublishing;
}

export type BlueskyVerificationLoop = TickingLoop;

/**
 * The worker's Bluesky publications: every `pollIntervalMs`, when a read finds work (a change noted by a re-render,
 * a retry or a display name due a look), the replica that takes the publisher's lease on the leased queue publishes,
 * re-issues or deletes Byline's verification records, renewing the lease before each. A replica that dies mid-run
 * leaves a lease that expires in LEASE_MS; the next holder finishes what it left (see BlueskyVerificationPublishing).
 */
export function startBlueskyVerificationLoop({
  publishing,
  ...options
}: BlueskyVerificationLoopOptions): BlueskyVerificationLoop {
  return startLeasedLoop(
    {
      run: 'Bluesky verification run',
      topic: BLUESKY_VERIFICATION_TOPIC,
      key: PUBLISHER_KEY,
      leaseMs: LEASE_MS,
      report: (summary, logger) => {
        if (summary.failed) logger.warn('Bluesky verification records: some failed; retried later', { ...summary });
        else logger.info('Bluesky verification records published', { ...summary });
      },
    },
    publishing,
    options,
  );
}

import type { LeasedQueue } from '@byline/domain/queue/leased-queue';

export interface LeasedRunOptions<T> {
  queue: LeasedQueue;
  topic: string;
  /** The one item whose lease is the right to run. */
  key: string;
  holder: string;
  /** How long a run may go without renewing the lease: a replica that dies holding it delays the others this long. */
  leaseMs: number;
  now: () => Date;
  /** Aborted when the loop stops: the lease is no longer renewed, and the run ends at its next renewal. */
  stopping: AbortSignal;
  /** A read that tells whether there is anything to do (most ticks there is not, and no lease is taken). */
  hasWork: (now: Date) => Promise<boolean>;
  /** The run, given a renewal to call as it goes: false when the lease is lost or the loop stops. */
  run: (now: Date, renew: () => Promise<boolean>) => Promise<T>;
}

/**
 * One run of work that one replica at a time may do: when `hasWork` finds some, the replica that takes the lease of
 * the single item `topic`/`key` on the leased queue runs it, renewing the lease as it goes, and releases it at the
 * end. Undefined when there was nothing to do or another replica holds the lease. A replica that dies mid-run leaves
 * a lease that expires in `leaseMs`; what it did not finish is still there for the next holder.
 */
export async function runUnderLease<T>(options: LeasedRunOptions<T>): Promise<T | undefined> {
  const { queue, topic, key, holder, leaseMs, now, stopping, hasWork, run } = options;
  if (!(await hasWork(now()))) return undefined;
  await queue.enqueueIfAbsent({ topic, key, payload: {}, dueAt: now() });
  const item = await queue.take({ topic, key, now: now(), holder, leaseMs });
  if (!item) return undefined; // another replica is running it
  try {
    return await run(now(), async () => !stopping.aborted && queue.renew(item.id, holder, now(), leaseMs));
  } finally {
    await queue.release(item.id, holder);
  }
}

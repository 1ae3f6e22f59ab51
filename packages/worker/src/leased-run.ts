import type { Logger } from '@byline/domain/logging/logger';
import type { LeasedQueue } from '@byline/domain/queue/leased-queue';
import { startTicking, type TickingLoop } from './ticking-loop';

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

/** Work that one replica at a time does on a schedule (credential issuance, Bluesky publishing). */
export interface LeasedWork<S> {
  hasWork(now: Date): Promise<boolean>;
  run(now: Date, renew: () => Promise<boolean>): Promise<S>;
}

/** What a leased loop's schedule is: its lease, and the log line of a run that did something. */
export interface LeasedSchedule<S> {
  /** What a run is, for the log line of a failed one. */
  run: string;
  topic: string;
  key: string;
  leaseMs: number;
  report(summary: S, logger: Logger): void;
}

export interface LeasedLoopOptions<S> {
  queue: LeasedQueue;
  holder: string;
  /** The wait between runs: how soon a change's work is done. */
  pollIntervalMs: number;
  logger: Logger;
  now?: () => Date;
  /** Called after every run (a summary when it did something) or failure (tests and /metrics wait on it). */
  onRun?: (result: { summary?: S; error?: unknown }) => void;
}

/** `work` every `pollIntervalMs` by the replica holding the schedule's lease (runUnderLease), until stop(). */
export function startLeasedLoop<S>(schedule: LeasedSchedule<S>, work: LeasedWork<S>, options: LeasedLoopOptions<S>): TickingLoop {
  const { queue, holder, pollIntervalMs, logger, onRun, now = () => new Date() } = options;
  const stopping = new AbortController();
  return startTicking({
    run: schedule.run,
    pollIntervalMs,
    logger,
    stopping,
    tick: async () => {
      const summary = await runUnderLease({
        queue,
        topic: schedule.topic,
        key: schedule.key,
        holder,
        leaseMs: schedule.leaseMs,
        now,
        stopping: stopping.signal,
        hasWork: (at) => work.hasWork(at),
        run: (at, renew) => work.run(at, renew),
      });
      if (summary) schedule.report(summary, logger);
      onRun?.({ summary });
    },
    onError: (error) => onRun?.({ error }),
  });
}

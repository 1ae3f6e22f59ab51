import type { UsageEntry } from '../domain/types';
import type { Logger } from '../logging/logger';
import type { UsageRecords } from './usage-repository';
import { LogThrottle } from './log-throttle';

export const USAGE_FLUSH_INTERVAL_MS = 10_000;
const DAY_MS = 86_400_000;

export interface UsageMeterOptions {
  flushIntervalMs?: number;
  now?: () => number;
}

/**
 * Counts requests per API key per UTC day in memory and adds them to the store in one batch every
 * few seconds and at stop, so no request waits on a usage write. Counts that fail to reach the
 * store are kept for the next flush.
 */
interface PendingUsage extends Omit<UsageEntry, 'lastUsedAt'> {
  lastUsedMs: number;
}

export class UsageMeter {
  private pending = new Map<string, PendingUsage>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private day = '';
  private dayEndsAt = 0;
  private readonly warnings = new LogThrottle(60_000);
  private readonly flushIntervalMs: number;
  private readonly now: () => number;

  constructor(
    private readonly usage: Pick<UsageRecords, 'record'>,
    private readonly logger: Logger,
    options: UsageMeterOptions = {},
  ) {
    this.flushIntervalMs = options.flushIntervalMs ?? USAGE_FLUSH_INTERVAL_MS;
    this.now = options.now ?? Date.now;
  }

  /** Starts the periodic flush; the timer never keeps the process alive on its own. */
  start(): this {
    this.timer ??= setInterval(() => void this.flush(), this.flushIntervalMs).unref();
    return this;
  }

  /** Counts `requests` (a batch counts one per item) for the key. */
  count(key: string, requests = 1): void {
    const now = this.now();
    const day = this.today(now);
    const id = `${day} ${key}`;
    const entry = this.pending.get(id);
    if (entry) {
      entry.count += requests;
      entry.lastUsedMs = now;
    } else {
      this.pending.set(id, { key, day, count: requests, lastUsedMs: now });
    }
  }

  /** Writes what has been counted so far; concurrent calls run one after the other. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writePending());
    return this.flushing;
  }

  /** Stops the timer and writes the last counts. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async writePending(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await this.usage.record(
        [...batch.values()].map(({ lastUsedMs, ...entry }) => ({ ...entry, lastUsedAt: new Date(lastUsedMs).toISOString() })),
      );
    } catch (error) {
      for (const [id, entry] of batch) {
        const later = this.pending.get(id);
        if (later) {
          later.count += entry.count;
          later.lastUsedMs = Math.max(later.lastUsedMs, entry.lastUsedMs);
        } else {
          this.pending.set(id, entry);
        }
      }
      const { log, suppressed } = this.warnings.take();
      if (log) {
        this.logger.warn('usage counts could not be stored; keeping them for the next flush', {
          error: (error as Error).message,
          entries: this.pending.size,
          suppressed,
        });
      }
    }
  }

  private today(now: number): string {
    if (now >= this.dayEndsAt) {
      this.day = new Date(now).toISOString().slice(0, 10);
      this.dayEndsAt = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
    }
    return this.day;
  }
}

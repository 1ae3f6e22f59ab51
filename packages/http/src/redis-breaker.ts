import type { Logger } from '@byline/domain/logging/logger';

/** How often an open breaker asks Redis whether it answers again. */
export const REDIS_PROBE_INTERVAL_MS = 1_000;

/** What the counters ask before each count and tell after a failed one. */
export interface CounterBreaker {
  /** True while Redis is taken not to answer: counters count in this process without asking it. */
  readonly open: boolean;
  /** A count on Redis failed (timed out, refused, not connected): opens the breaker. */
  failed(error: unknown): void;
}

/** A breaker that never opens: counters in this process's memory only, or a test's. */
export const NEVER_OPEN: CounterBreaker = { open: false, failed: () => {} };

export interface RedisBreakerOptions {
  /** Asks Redis once (a PING); resolves when it answered, rejects otherwise (its own timeout applies). */
  probe: () => Promise<unknown>;
  logger: Logger;
  messages: { down: string; up: string };
  probeIntervalMs?: number;
}

/**
 * A circuit breaker in front of the shared counters. A Redis that hangs (accepts, never answers) would otherwise hold
 * every request for the command timeout: on the first failure the breaker opens and every count goes to this
 * process's memory at once, without asking Redis; one probe at a time asks Redis in the background, and the first
 * that is answered closes the breaker. Each switch is logged once: `down` as a warning with the error, `up` as info.
 */
export class RedisBreaker implements CounterBreaker {
  private opened = false;
  private timer: NodeJS.Timeout | undefined;
  private probing = false;
  private stopped = false;
  private readonly probeIntervalMs: number;

  constructor(private readonly options: RedisBreakerOptions) {
    this.probeIntervalMs = options.probeIntervalMs ?? REDIS_PROBE_INTERVAL_MS;
  }

  get open(): boolean {
    return this.opened;
  }

  failed(error: unknown): void {
    if (this.opened || this.stopped) return;
    this.opened = true;
    this.options.logger.warn(this.options.messages.down, { error: error instanceof Error ? error.message : String(error) });
    this.schedule();
  }

  /** Stops probing (the process lets go of Redis). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.stopped) return;
    // Never keeps the process alive on its own.
    this.timer = setTimeout(() => void this.probe(), this.probeIntervalMs).unref();
  }

  private async probe(): Promise<void> {
    if (this.probing || this.stopped) return;
    this.probing = true;
    try {
      await this.options.probe();
      if (this.stopped) return;
      this.opened = false;
      this.options.logger.info(this.options.messages.up);
    } catch {
      this.schedule();
    } finally {
      this.probing = false;
    }
  }
}

import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { NEVER_OPEN, type CounterBreaker } from './redis-breaker';

export interface CounterOptions {
  /** Part of the keys' names: counters of different names never mix. */
  name: string;
  /** Takes allowed per window. */
  points: number;
  /** The window, in seconds from a key's first take. */
  seconds: number;
  /** Once a take goes past `points`, the key is refused for this long (seconds) instead of until the window ends. */
  blockSeconds?: number;
}

export interface Count {
  /** Taken in the current window (or the points a block holds). */
  taken: number;
  /** Milliseconds until the window or block ends. */
  msLeft: number;
}

export interface Take extends Count {
  /** Whether the take stayed within `points`. */
  allowed: boolean;
}

/**
 * Where throttles keep their counts (rate-limiter-flexible): in Redis, shared by every instance, or in this
 * process's memory. While Redis does not answer, each counter counts in this process instead (so a Redis outage
 * never refuses anyone or fails a request): the first failure opens the `breaker`, and while it is open Redis is
 * not asked at all (a Redis that hangs holds no request; see RedisBreaker).
 */
export class CounterStore {
  private constructor(private readonly make: (options: CounterOptions) => Counter) {}

  static inMemory(): CounterStore {
    return new CounterStore((options) => new Counter(memoryLimiter(options)));
  }

  static redis(client: Redis, { keyPrefix, breaker }: { keyPrefix: string; breaker: CounterBreaker }): CounterStore {
    return new CounterStore((options) => {
      const shared = new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `${keyPrefix}:${options.name}`,
        points: options.points,
        duration: options.seconds,
        blockDuration: options.blockSeconds,
        rejectIfRedisNotReady: true,
      });
      return new Counter(shared, memoryLimiter(options), breaker);
    });
  }

  counter(options: CounterOptions): Counter {
    return this.make(options);
  }
}

/** Counts takes per key in fixed windows; see CounterStore. */
export class Counter {
  constructor(
    private readonly primary: RateLimiterAbstract,
    private readonly fallback?: RateLimiterAbstract,
    private readonly breaker: CounterBreaker = NEVER_OPEN,
  ) {}

  /** Counts `points` more for the key; `windowSeconds` sets the window's length when this take starts it. */
  async take(key: string, { points = 1, windowSeconds }: { points?: number; windowSeconds?: number } = {}): Promise<Take> {
    const options = windowSeconds === undefined ? {} : { customDuration: windowSeconds };
    try {
      return { allowed: true, ...count(await this.run((limiter) => limiter.consume(key, points, options))) };
    } catch (refused) {
      if (refused instanceof RateLimiterRes) return { allowed: false, ...count(refused) };
      throw refused;
    }
  }

  /** The key's count now, or null when it has none. */
  async peek(key: string): Promise<Count | null> {
    const res = await this.run((limiter) => limiter.get(key));
    return res ? count(res) : null;
  }

  /** Takes back points a take counted. */
  async giveBack(key: string, points = 1): Promise<void> {
    await this.run((limiter) => limiter.reward(key, points));
  }

  async forget(key: string): Promise<void> {
    await this.run((limiter) => limiter.delete(key));
  }

  private async run<T>(operation: (limiter: RateLimiterAbstract) => Promise<T>): Promise<T> {
    if (this.fallback && this.breaker.open) return operation(this.fallback);
    try {
      return await operation(this.primary);
    } catch (error) {
      if (error instanceof RateLimiterRes || !this.fallback) throw error;
      this.breaker.failed(error);
      return operation(this.fallback);
    }
  }
}

function count(res: RateLimiterRes): Count {
  return { taken: res.consumedPoints, msLeft: Math.max(0, res.msBeforeNext) };
}

function memoryLimiter({ points, seconds, blockSeconds }: CounterOptions): RateLimiterMemory {
  return new RateLimiterMemory({ points, duration: seconds, blockDuration: blockSeconds });
}

import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { NEVER_OPEN, type CounterBreaker } from './redis-breaker';

export const RATE_LIMIT_WINDOW_SECONDS = 60;
/**
 * The counters never refuse on their own: each key's limit is per account and may change at any time,
 * so the stores only count within the window and the decision compares the count with the current limit.
 */
const COUNT_ONLY = Number.MAX_SAFE_INTEGER;

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets (at least 1). */
  resetSeconds: number;
}

export interface RedisCounterOptions {
  /** Prefix of the Redis keys; instances sharing a prefix share the budgets. */
  keyPrefix?: string;
  /** Told when Redis cannot count; while it is open, this process counts on its own without asking Redis. */
  breaker?: CounterBreaker;
}

/**
 * Requests per key in fixed one-minute windows (rate-limiter-flexible). With Redis the counts are shared
 * by every instance; when Redis does not answer, this process counts in memory and keeps answering (and, once the
 * breaker is open, does not ask Redis until it answers again).
 */
export class RateLimitCounter {
  private constructor(
    private readonly primary: RateLimiterAbstract,
    private readonly fallback?: RateLimiterAbstract,
    private readonly breaker: CounterBreaker = NEVER_OPEN,
  ) {}

  static inMemory(): RateLimitCounter {
    return new RateLimitCounter(memoryLimiter());
  }

  static redis(client: Redis, { keyPrefix = 'byline:rl', breaker }: RedisCounterOptions = {}): RateLimitCounter {
    const shared = new RateLimiterRedis({
      storeClient: client,
      keyPrefix,
      points: COUNT_ONLY,
      duration: RATE_LIMIT_WINDOW_SECONDS,
      rejectIfRedisNotReady: true,
    });
    return new RateLimitCounter(shared, memoryLimiter(), breaker);
  }

  /**
   * Counts `units` requests (a batch counts one per item) against the key's window. A single request past the limit
   * stays counted, as it always was; a batch of several that would cross the limit is refused whole and its units
   * are given back at once (consume, then reward: the counter stores have no conditional add), so it costs the
   * budget nothing. Between the two steps a concurrent request of the same key may see the batch's units and be
   * refused too: the limit is never exceeded, at worst a request at its very edge is refused once.
   */
  async take(key: string, limit: number, units = 1): Promise<RateLimitDecision> {
    const { counted, limiter } = await this.consume(key, units);
    const allowed = counted.consumedPoints <= limit;
    const refunded = !allowed && units > 1;
    if (refunded) await this.refund(limiter, key, units);
    const used = refunded ? counted.consumedPoints - units : counted.consumedPoints;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - used),
      resetSeconds: Math.max(1, Math.ceil(counted.msBeforeNext / 1000)),
    };
  }

  /** Counts on the shared store, or on this process's own when it does not answer; says which, for a refund. */
  private async consume(key: string, units: number): Promise<{ counted: RateLimiterRes; limiter: RateLimiterAbstract }> {
    if (this.fallback && this.breaker.open) return { counted: await this.fallback.consume(key, units), limiter: this.fallback };
    try {
      return { counted: await this.primary.consume(key, units), limiter: this.primary };
    } catch (error) {
      if (error instanceof RateLimiterRes || !this.fallback) throw error;
      this.breaker.failed(error);
      return { counted: await this.fallback.consume(key, units), limiter: this.fallback };
    }
  }

  /** Gives a refused batch's units back where they were counted; a refund that fails leaves them counted (and opens the breaker). */
  private async refund(limiter: RateLimiterAbstract, key: string, units: number): Promise<void> {
    try {
      await limiter.reward(key, units);
    } catch (error) {
      this.breaker.failed(error);
    }
  }
}

function memoryLimiter(): RateLimiterMemory {
  return new RateLimiterMemory({ points: COUNT_ONLY, duration: RATE_LIMIT_WINDOW_SECONDS });
}

import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

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
  /** Called when Redis cannot count and this process counts on its own instead. */
  onFallback?: (error: unknown) => void;
}

/**
 * Requests per key in fixed one-minute windows (rate-limiter-flexible). With Redis the counts are shared
 * by every instance; when Redis does not answer, this process counts in memory and keeps answering.
 */
export class RateLimitCounter {
  private constructor(
    private readonly primary: RateLimiterAbstract,
    private readonly fallback?: RateLimiterAbstract,
    private readonly onFallback: (error: unknown) => void = () => {},
  ) {}

  static inMemory(): RateLimitCounter {
    return new RateLimitCounter(memoryLimiter());
  }

  static redis(client: Redis, { keyPrefix = 'byline:rl', onFallback }: RedisCounterOptions = {}): RateLimitCounter {
    const shared = new RateLimiterRedis({
      storeClient: client,
      keyPrefix,
      points: COUNT_ONLY,
      duration: RATE_LIMIT_WINDOW_SECONDS,
      rejectIfRedisNotReady: true,
    });
    return new RateLimitCounter(shared, memoryLimiter(), onFallback);
  }

  async take(key: string, limit: number): Promise<RateLimitDecision> {
    const counted = await this.consume(key);
    return {
      allowed: counted.consumedPoints <= limit,
      limit,
      remaining: Math.max(0, limit - counted.consumedPoints),
      resetSeconds: Math.max(1, Math.ceil(counted.msBeforeNext / 1000)),
    };
  }

  private async consume(key: string): Promise<RateLimiterRes> {
    try {
      return await this.primary.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes || !this.fallback) throw error;
      this.onFallback(error);
      return this.fallback.consume(key);
    }
  }
}

function memoryLimiter(): RateLimiterMemory {
  return new RateLimiterMemory({ points: COUNT_ONLY, duration: RATE_LIMIT_WINDOW_SECONDS });
}

import type { Logger } from '@byline/domain/logging/logger';
import { connectCounterRedis, CounterStore } from '@byline/http';

export interface PortalCounters {
  /** Where the portal's throttles (sign-in, domain checks, page reads) keep their counts. */
  counters: CounterStore;
  /** Lets go of what the counters hold (the Redis connection). */
  close(): Promise<void>;
}

export interface PortalCountersSetup {
  logger: Logger;
  /** Config.redisUrl: counts shared by every portal instance when set, in this process's memory otherwise. */
  redisUrl?: string;
  /** Redis key prefix; instances sharing it share the counts (tests use a fresh one each). */
  keyPrefix?: string;
}

/**
 * The counts every portal throttle keeps, on one Redis connection when REDIS_URL is set. While Redis does not
 * answer, each instance counts on its own without waiting on it (nothing is refused for it), and the switch is logged
 * each way once (see connectCounterRedis).
 */
export async function createPortalCounters({
  logger,
  redisUrl,
  keyPrefix = 'byline',
}: PortalCountersSetup): Promise<PortalCounters> {
  if (!redisUrl) return { counters: CounterStore.inMemory(), close: async () => {} };
  const redis = await connectCounterRedis(redisUrl, logger, {
    down: 'Redis does not answer; sign-in throttles are counted per instance until it does, and “Check now” and page-read throttles too',
    up: 'Redis answers again; sign-in, “Check now” and page-read throttles are shared',
  });
  return {
    counters: CounterStore.redis(redis.client, { keyPrefix, breaker: redis.breaker }),
    close: redis.close,
  };
}

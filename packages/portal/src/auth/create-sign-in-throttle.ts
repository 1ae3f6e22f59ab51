import type { Logger } from '@byline/shared';
import { connectCounterRedis, CounterStore } from '@byline/shared/http';
import { SignInThrottle, type SignInThrottleOptions } from './sign-in-throttle';

export interface SignInThrottleSetup extends Omit<SignInThrottleOptions, 'counters' | 'close'> {
  logger: Logger;
  /** Config.redisUrl: counts shared by every portal instance when set, in this process's memory otherwise. */
  redisUrl?: string;
  /** Redis key prefix; instances sharing it share the counts (tests use a fresh one each). */
  keyPrefix?: string;
}

/**
 * The portal's sign-in throttle. With Redis the counts are shared by every instance; while Redis does not
 * answer, each instance counts on its own (sign-in keeps working) and a warning is logged at most every 30 s.
 */
export async function createSignInThrottle({
  logger,
  redisUrl,
  keyPrefix = 'byline',
  ...options
}: SignInThrottleSetup): Promise<SignInThrottle> {
  if (!redisUrl) return new SignInThrottle(options);
  const redis = await connectCounterRedis(redisUrl, logger, {
    down: 'Redis does not answer; sign-in throttles are counted per instance until it does',
    up: 'Redis answers again; sign-in throttles are shared',
  });
  return new SignInThrottle({
    ...options,
    counters: CounterStore.redis(redis.client, { keyPrefix, onFallback: redis.onFallback }),
    close: redis.close,
  });
}

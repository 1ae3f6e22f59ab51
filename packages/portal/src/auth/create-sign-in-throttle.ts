import { createPortalCounters, type PortalCountersSetup } from '../throttles/portal-counters';
import { SignInThrottle, type SignInThrottleOptions } from './sign-in-throttle';

export interface SignInThrottleSetup extends Omit<SignInThrottleOptions, 'counters' | 'close'>, PortalCountersSetup {}

/**
 * A sign-in throttle on counters of its own (createPortalCounters): with Redis the counts are shared by every
 * instance; while Redis does not answer, each instance counts on its own (sign-in keeps working).
 */
export async function createSignInThrottle({
  logger,
  redisUrl,
  keyPrefix,
  ...options
}: SignInThrottleSetup): Promise<SignInThrottle> {
  const { counters, close } = await createPortalCounters({ logger, redisUrl, keyPrefix });
  return new SignInThrottle({ ...options, counters, close });
}

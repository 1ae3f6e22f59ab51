import type { Response } from 'express';
import type { UsageMeter } from '@byline/domain/usage/usage-meter';
import { ApiError } from './api-error';
import type { AuthFailureThrottle } from './auth-failure-throttle';
import type { RateLimitCounter } from './rate-limit-counter';
import { rateLimitHeader, rateLimitPolicyHeader } from './rate-limit-headers';

/** What the operations need to limit and count requests per API key. See createRateLimiting. */
export interface RateLimiting {
  counter: RateLimitCounter;
  /** Failed authentications per client address: past the limit, 429 before credentials are read. */
  authFailures: AuthFailureThrottle;
  usage: UsageMeter;
  /** For accounts without their own limit. */
  defaultPerMinute: number;
  /** Flushes the usage counts and lets go of Redis. */
  close(): Promise<void>;
}

/**
 * After authentication: counts the request (a batch: `units`, one per item) against its key's per-minute budget
 * (`limit`, see perMinuteOf), answers with the RateLimit-Policy and RateLimit headers, refuses with 429 and
 * Retry-After past the budget (a batch that would cross it, whole and without using any of it), and counts usage
 * for requests let through.
 */
export async function applyRateLimit(
  key: string,
  res: Response,
  limiting: RateLimiting,
  limit: number,
  units = 1,
): Promise<void> {
  const decision = await limiting.counter.take(key, limit, units);
  res.setHeader('RateLimit-Policy', rateLimitPolicyHeader(limit));
  res.setHeader('RateLimit', rateLimitHeader(decision));
  if (!decision.allowed) {
    const retry = `retry after ${decision.resetSeconds} s`;
    const detail =
      units > 1
        ? `This API key is limited to ${limit} requests per minute and has ${decision.remaining} left; a batch of ${units} items counts ${units} and is refused whole; ${retry}`
        : `This API key is limited to ${limit} requests per minute; ${retry}`;
    throw new ApiError(429, detail, { headers: { 'Retry-After': String(decision.resetSeconds) } });
  }
  limiting.usage.count(key, units);
}

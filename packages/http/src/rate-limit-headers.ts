import { RATE_LIMIT_WINDOW_SECONDS, type RateLimitDecision } from './rate-limit-counter';

/** The policy's name in the headers (draft-ietf-httpapi-ratelimit-headers-10 structured fields). */
export const RATE_LIMIT_POLICY = 'per-minute';

/** `RateLimit-Policy: "per-minute";q=600;w=60` — the quota and its window in seconds. */
export function rateLimitPolicyHeader(limit: number): string {
  return `"${RATE_LIMIT_POLICY}";q=${limit};w=${RATE_LIMIT_WINDOW_SECONDS}`;
}

/** `RateLimit: "per-minute";r=599;t=42` — requests remaining and seconds until the window resets. */
export function rateLimitHeader(decision: RateLimitDecision): string {
  return `"${RATE_LIMIT_POLICY}";r=${decision.remaining};t=${decision.resetSeconds}`;
}

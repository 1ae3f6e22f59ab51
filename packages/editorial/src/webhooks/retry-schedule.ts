/**
 * The Standard Webhooks retry schedule: after the first attempt fails, tries again after each of these waits in
 * turn (ten attempts over about three days); after the last, the message is given up as failed.
 */
export const RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  14 * 3_600_000,
  20 * 3_600_000,
  24 * 3_600_000,
] as const;

/** The longest Retry-After honoured: a receiver cannot park its messages for longer than the schedule's longest wait. */
export const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

/** An endpoint failing without a success for this long is disabled. */
export const FAILING_DISABLES_AFTER_MS = 5 * 24 * 3_600_000;

/** The wait before the attempt after `attempts` failed ones, or null when the schedule has run out. */
export function retryDelayMs(attempts: number, retryAfterMs: number | null): number | null {
  const scheduled = RETRY_DELAYS_MS[attempts - 1];
  if (scheduled === undefined) return null;
  return Math.max(scheduled, Math.min(retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
}

/** A Retry-After header (seconds, or an HTTP date) as a wait from `now`; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

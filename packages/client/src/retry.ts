/** How the client retries an answer of 429 (rate limited) or 503 (store unavailable). */
export interface RetryOptions {
  /** Requests sent in all, the first included; 1 turns retries off. Default 3. */
  maxAttempts?: number;
  /** The longest wait before a retry, whatever Retry-After asks. Default 30 000 ms. */
  maxDelayMs?: number;
  /** Without Retry-After: the first wait, doubled each retry (with jitter), up to maxDelayMs. Default 500 ms. */
  baseDelayMs?: number;
}

export const RETRY_DEFAULTS: Required<RetryOptions> = { maxAttempts: 3, maxDelayMs: 30_000, baseDelayMs: 500 };

/** The answers worth asking again: both say when (Retry-After) and neither did anything. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** Retry-After (RFC 9110: delay-seconds or an HTTP-date) in milliseconds from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // Each HTTP-date form starts with the day's name; Date.parse alone would take "-1" or "1.5" for dates.
  if (!/^[A-Za-z]{3}/.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The wait before attempt `attempt + 1`: Retry-After when given, else exponential backoff; never above maxDelayMs. */
export function retryDelayMs(attempt: number, retryAfter: number | undefined, options: Required<RetryOptions>): number {
  if (retryAfter !== undefined) return Math.min(retryAfter, options.maxDelayMs);
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  // Half fixed, half random: clients refused together do not all come back at the same moment.
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

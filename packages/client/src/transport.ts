import { BylineError, BylineNetworkError, BylineTimeoutError } from './errors';
import { RETRYABLE_STATUSES, retryAfterMs, retryDelayMs, sleep, type RetryOptions } from './retry';

/** Options of one call; each overrides the client's own for that call only. */
export interface RequestOptions {
  /** Cancels the call, including a wait before a retry. */
  signal?: AbortSignal;
  /** The wait for each attempt's answer, body included. */
  timeoutMs?: number;
  /** Sent as X-Request-Id, so the service's logs and your own share the id (a short printable token). */
  requestId?: string;
}

export interface Transport {
  fetch: typeof fetch;
  authorization: string;
  timeoutMs: number;
  retry: Required<RetryOptions>;
}

/**
 * POSTs `body` as JSON to `url` and resolves with the parsed 200 answer. 429 and 503 are asked again, after
 * Retry-After (capped) or a backoff, up to retry.maxAttempts; any other answer, or the last, becomes a BylineError.
 */
export async function postJson<T>(transport: Transport, url: URL, body: unknown, options: RequestOptions = {}): Promise<T> {
  const { maxAttempts } = transport.retry;
  for (let attempt = 1; ; attempt++) {
    const { response, text } = await attemptOnce(transport, url, body, options, attempt);
    if (response.status === 200) return JSON.parse(text) as T;
    const error = problemOf(response, text, attempt);
    if (!RETRYABLE_STATUSES.has(response.status) || attempt >= maxAttempts) throw error;
    const after = retryAfterMs(response.headers.get('retry-after'));
    await sleep(retryDelayMs(attempt, after, transport.retry), options.signal);
  }
}

async function attemptOnce(
  transport: Transport,
  url: URL,
  body: unknown,
  options: RequestOptions,
  attempt: number,
): Promise<{ response: Response; text: string }> {
  const timeoutMs = options.timeoutMs ?? transport.timeoutMs;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const headers: Record<string, string> = {
    Authorization: transport.authorization,
    'Content-Type': 'application/json',
    Accept: 'application/json, application/problem+json',
  };
  if (options.requestId) headers['X-Request-Id'] = options.requestId;
  try {
    const response = await transport.fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal });
    // Read under the same signal: an answer whose body stalls times out like one that never starts.
    return { response, text: await response.text() };
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (timeout.aborted) throw new BylineTimeoutError(url.href, timeoutMs, attempt);
    throw new BylineNetworkError(url.href, attempt, { cause: error });
  }
}

function problemOf(response: Response, text: string, attempts: number): BylineError {
  let problem: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) problem = parsed as Record<string, unknown>;
  } catch {
    // Not JSON (a proxy's page): the status and the text still say what happened.
  }
  const after = retryAfterMs(response.headers.get('retry-after'));
  return new BylineError({
    status: response.status,
    problem,
    fallbackDetail: text.trim().slice(0, 500) || response.statusText || undefined,
    requestId: response.headers.get('x-request-id') ?? undefined,
    retryAfterSeconds: after === undefined ? undefined : Math.ceil(after / 1000),
    attempts,
  });
}

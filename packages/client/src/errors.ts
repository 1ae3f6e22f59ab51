import type { FieldError, Problem } from './types';

/**
 * A service's answer other than 200: the fields of its application/problem+json body (RFC 9457), typed.
 * An answer that is not a problem document (a proxy's HTML page, say) still gives status and title, with its
 * text, shortened, as the detail.
 */
export class BylineError extends Error {
  override readonly name = 'BylineError';
  readonly status: number;
  readonly type: string;
  readonly title: string;
  readonly detail: string;
  /** On 422: one entry per bad field (`url`, `social_type`, or a batch item such as `urls[3]`); empty otherwise. */
  readonly errors: FieldError[];
  /** The service's request id (body `request_id`, else the X-Request-Id header): quote it when reporting a problem. */
  readonly requestId: string | undefined;
  /** Retry-After in seconds, on 429 and 503 (an HTTP-date is turned into the seconds until it). */
  readonly retryAfterSeconds: number | undefined;
  /** How many requests were sent before giving up (more than 1 after retries). */
  readonly attempts: number;
  /** The problem document as received (empty when the body was not one). */
  readonly problem: Partial<Problem> & Record<string, unknown>;

  constructor(init: {
    status: number;
    problem: Partial<Problem> & Record<string, unknown>;
    fallbackDetail?: string;
    requestId?: string;
    retryAfterSeconds?: number;
    attempts: number;
  }) {
    const { status, problem } = init;
    const detail = stringOr(problem.detail, stringOr(problem.message, init.fallbackDetail ?? `HTTP ${status}`));
    super(detail);
    this.status = status;
    this.type = stringOr(problem.type, 'about:blank');
    this.title = stringOr(problem.title, `HTTP ${status}`);
    this.detail = detail;
    this.errors = Array.isArray(problem.errors) ? problem.errors : [];
    this.requestId = typeof problem.request_id === 'string' ? problem.request_id : init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.attempts = init.attempts;
    this.problem = problem;
  }
}

/** No answer within the timeout (per attempt). */
export class BylineTimeoutError extends Error {
  override readonly name = 'BylineTimeoutError';
  constructor(
    readonly url: string,
    readonly timeoutMs: number,
    readonly attempts: number,
  ) {
    super(`No answer from ${url} within ${timeoutMs} ms`);
  }
}

/** The request could not be sent or its answer not read (refused connection, DNS, reset); `cause` says why. */
export class BylineNetworkError extends Error {
  override readonly name = 'BylineNetworkError';
  constructor(
    readonly url: string,
    readonly attempts: number,
    options: { cause: unknown },
  ) {
    super(`The request to ${url} failed: ${String((options.cause as Error)?.message ?? options.cause)}`, options);
  }
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' && value !== '' ? value : fallback;
}

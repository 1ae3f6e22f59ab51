import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, Response } from 'express';
import type { Logger } from '@byline/domain/logging/logger';
import { StoreUnavailableError } from '@byline/domain/store/store-unavailable-error';

/** Every answer of the public credential routes: any origin may read it, its ETag included, and load it. */
export const PUBLIC_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'X-Content-Type-Options': 'nosniff',
};

/** How soon to ask again after a 503 (seconds): a credential being issued, or the database, is back within a few. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * An RFC 9457 problem that any origin may read, never kept. Sent with `end`, not Express's `send`, which would tag
 * it with a weak ETag that an answer nobody keeps has no use for.
 */
export function sendPublicProblem(res: Response, status: 404 | 500 | 503, detail: string): void {
  res
    .status(status)
    .set({
      ...PUBLIC_HEADERS,
      'Cache-Control': 'no-store',
      ...(status === 503 ? { 'Retry-After': String(RETRY_AFTER_SECONDS) } : {}),
    })
    .type('application/problem+json')
    .end(JSON.stringify({ type: 'about:blank', title: STATUS_CODES[status], status, detail }));
}

/**
 * A public route's failures as problems its callers (other origins among them) can read, instead of the portal's
 * HTML error pages: the database out of reach (503), anything else (500). For each route's own stack: a router's
 * error handler would also answer for the pages mounted before it.
 */
export function publicProblems(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof StoreUnavailableError) {
      logger.warn('store unavailable', { request_id: req.id, error: error.message });
      return sendPublicProblem(res, 503, 'Byline cannot reach its database just now; ask again shortly.');
    }
    logger.error('unhandled error', { request_id: req.id, error });
    sendPublicProblem(res, 500, `Something went wrong on Byline’s side; quote request id ${req.id} if you report it.`);
  };
}

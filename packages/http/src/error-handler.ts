import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from '@byline/domain/logging/logger';
import { StoreUnavailableError } from '@byline/domain/store/store-unavailable-error';
import { ApiError } from './api-error';
import { NOT_JSON } from './body-parsing';

export const STORE_RETRY_AFTER_SECONDS = 5;

/**
 * The codes of node:zlib's errors when a body is not what its Content-Encoding says (zlib's Z_*, brotli's
 * ERR__ERROR_*, zstd's ZSTD_error_*): body-parser hands them on as a bare 400 with zlib's words.
 */
const UNDECODABLE = /^(Z_|ERR__ERROR_|ZSTD_error_)/;

/** Errors from body-parser carry a `type`; these are the caller's mistakes, with their status. */
function fromBodyParser(
  error: { type?: string; status?: number; message?: string; code?: unknown },
  contentEncoding: string | undefined,
): ApiError | undefined {
  if (error.type === undefined && error.status === 400 && typeof error.code === 'string' && UNDECODABLE.test(error.code)) {
    return new ApiError(400, `The request body cannot be decoded as its Content-Encoding (${contentEncoding ?? ''}) says`);
  }
  switch (error.type) {
    case 'entity.parse.failed':
      return new ApiError(400, NOT_JSON);
    case 'entity.too.large':
      return new ApiError(413, 'The request body is larger than 1 MB');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new ApiError(415, error.message ?? 'Unsupported body encoding');
    default:
      return error.status && error.status >= 400 && error.status < 500
        ? new ApiError(error.status, error.message ?? 'Bad request')
        : undefined;
  }
}

function toApiError(error: unknown, contentEncoding: string | undefined): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error instanceof StoreUnavailableError) {
    return new ApiError(503, 'The data store is unavailable; try again shortly', {
      headers: { 'Retry-After': String(STORE_RETRY_AFTER_SECONDS) },
    });
  }
  if (error && typeof error === 'object') return fromBodyParser(error as never, contentEncoding);
  return undefined;
}

/** The one place errors become answers: application/problem+json (RFC 9457) with `message` = `detail`. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const known = toApiError(error, req.get('content-encoding'));
    const problem = known ?? new ApiError(500, 'An unexpected error occurred; quote the request id when reporting it');
    if (!known) logger.error('unhandled error', { request_id: req.id, error });
    else if (problem.status >= 500) logger.warn(problem.detail, { request_id: req.id, cause: String((error as Error).message) });
    if (res.headersSent) {
      res.end();
      return;
    }
    for (const [name, value] of Object.entries(problem.extra.headers ?? {})) res.setHeader(name, value);
    res
      .status(problem.status)
      .type('application/problem+json')
      .send(
        JSON.stringify({
          type: 'about:blank',
          title: problem.title,
          status: problem.status,
          detail: problem.detail,
          message: problem.detail,
          request_id: req.id,
          ...(problem.extra.errors ? { errors: problem.extra.errors } : {}),
        }),
      );
  };
}

export const notFound: RequestHandler = (req, _res, next) => {
  next(new ApiError(404, `No route for ${req.method} ${req.path}`));
};

export function methodNotAllowed(allowed: string[]): RequestHandler {
  return (req, _res, next) => {
    next(
      new ApiError(405, `${req.method} is not allowed here; use ${allowed.join(' or ')}`, {
        headers: { Allow: allowed.join(', ') },
      }),
    );
  };
}

import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../logging/logger';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    /** The API key that authenticated this request (never the secret). */
    apiKey?: string;
  }
}

/** Takes a well-formed X-Request-Id from the caller or makes one, and echoes it on the answer. */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    const given = req.get('x-request-id');
    req.id = given && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', req.id);
    next();
  };
}

/** One log entry per answered request. Headers are never logged, so credentials cannot reach the log. */
export function requestLogger(logger: Logger): RequestHandler {
  // Below the http level there is nothing to log: skip the per-request listener entirely (it is on the hot path).
  if (!logger.isLevelEnabled('http')) return (_req, _res, next) => next();
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      logger.http('request', {
        request_id: req.id,
        method: req.method,
        path: req.path,
        status: res.statusCode,
        duration_ms: Number(process.hrtime.bigint() - started) / 1e6,
        api_key: req.apiKey,
      });
    });
    next();
  };
}

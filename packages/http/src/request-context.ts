import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '@byline/domain/logging/logger';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    /** The API key that authenticated this request (never the secret). */
    apiKey?: string;
  }
}

/** Told about every answered request once it is sent: `seconds` is how long it took. */
export type RequestRecorder = (req: Request, res: Response, seconds: number) => void;

/**
 * The per-request bookkeeping, in one Express layer: takes a well-formed X-Request-Id from the caller or
 * makes one and echoes it on the answer; once the answer is sent, hands the request to each recorder
 * (metrics, the request log). One layer and one 'finish' listener: each layer and listener is a
 * measurable share of a verification's cost. Absent recorders (null) are skipped.
 */
export function requestContext(...recorders: (RequestRecorder | null)[]): RequestHandler {
  const active = recorders.filter((recorder): recorder is RequestRecorder => recorder !== null);
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    req.id = typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', req.id);
    if (active.length) {
      const started = process.hrtime.bigint();
      res.on('finish', () => {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        for (const record of active) record(req, res, seconds);
      });
    }
    next();
  };
}

/**
 * One log entry per answered request, or null below the http level (nothing to log, so no listener on
 * the hot path). Headers are never logged, so credentials cannot reach the log.
 */
export function requestLog(logger: Logger): RequestRecorder | null {
  if (!logger.isLevelEnabled('http')) return null;
  return (req, res, seconds) => {
    logger.http('request', {
      request_id: req.id,
      method: req.method,
      path: req.path,
      status: res.statusCode,
      duration_ms: seconds * 1e3,
      api_key: req.apiKey,
    });
  };
}

import { Buffer } from 'node:buffer';
import type { Response } from 'express';

/**
 * Answers 200 with a body that is already JSON text (a stored, rendered answer). Plain node writes:
 * res.send would re-parse the content type to add a charset on every call, for nothing (ETags are off).
 */
export function sendJsonText(res: Response, json: string): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(json));
  res.end(json);
}

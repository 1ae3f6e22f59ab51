import { Buffer } from 'node:buffer';
import type { Request, Response } from 'express';
import type { TaggedAnswer } from '@byline/domain/domain/rendered-answers';

/** Every answer may be kept, but checked with the server (If-None-Match) before each use; by the caller alone. */
const CACHE_CONTROL = 'private, no-cache';

/**
 * Answers with a body that is already JSON (a stored, rendered answer) and its ETag: 200, or 304 without a body when
 * If-None-Match names the tag. Plain node writes: res.send would re-parse the content type to add a charset and hash
 * the body for an ETag on every call, for nothing.
 */
export function sendTaggedJson(req: Request, res: Response, { json, etag }: TaggedAnswer): void {
  sendTagged(req, res, json, etag);
}

/** sendTaggedJson for a body that may be encoded already (a batch's, see batchAnswer): a buffer is written as it is. */
export function sendTagged(req: Request, res: Response, json: string | Buffer, etag: string): void {
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', CACHE_CONTROL);
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined && noneMatchFails(ifNoneMatch, etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', typeof json === 'string' ? Buffer.byteLength(json) : json.length);
  // The head first: ended before it, a response measures a string body again for a Content-Length it already has.
  res.writeHead(200);
  res.end(json);
}

/** One entity tag in an If-None-Match list, weak or strong (RFC 9110 §8.8.3: `W/"…"` or `"…"`). */
const ENTITY_TAG = /\s*(?:W\/)?("[^"]*")\s*(?:,|$)/y;

/**
 * Whether `If-None-Match: header` is false for the current tag (RFC 9110 §13.1.2): `*` (there is a current
 * answer), or a listed tag equal to it by weak comparison. A malformed list matches nothing, so the full answer
 * goes out. The verification operations are safe lookups whatever the method, so POST gets 304 as GET does.
 */
export function noneMatchFails(header: string, etag: string): boolean {
  if (header === etag || header.trim() === '*') return true;
  ENTITY_TAG.lastIndex = 0;
  while (ENTITY_TAG.lastIndex < header.length) {
    const found = ENTITY_TAG.exec(header);
    if (!found) return false;
    if (found[1] === etag) return true;
  }
  return false;
}

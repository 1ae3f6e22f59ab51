import { isUtf8 } from 'node:buffer';
import bodyParser from 'body-parser';
import type { Request, RequestHandler, Response } from 'express';
import typeis from 'type-is';
import { ApiError } from './api-error';

export const BODY_LIMIT = '1mb';
/** BODY_LIMIT in bytes, as body-parser reads it. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** The answer to a JSON body that is not valid UTF-8 (see refuseInvalidUtf8). */
const INVALID_UTF8 = 'The request body is not valid UTF-8: a JSON body must be encoded in UTF-8';

const JSON_TYPES = ['application/json', 'application/*+json'];
const FORM_TYPE = 'application/x-www-form-urlencoded';
const BODY_TYPES = [...JSON_TYPES, FORM_TYPE];

// Each parser is handed the content type already matched by parserFor, so it does not match it again.
const alreadyMatched = () => true;
/**
 * A JSON body in UTF-8 (the default, and what RFC 8259 asks) must be valid UTF-8: decoding would otherwise turn a
 * stray byte into U+FFFD silently, and a value the caller did not send would be looked up or stored.
 */
function refuseInvalidUtf8(_req: unknown, _res: unknown, body: Buffer, encoding: string): void {
  if (/^utf-?8$/i.test(encoding) && !isUtf8(body)) throw new ApiError(400, INVALID_UTF8);
}

const parseJson = bodyParser.json({ limit: BODY_LIMIT, type: alreadyMatched, verify: refuseInvalidUtf8 });
const parseForm = bodyParser.urlencoded({ limit: BODY_LIMIT, type: alreadyMatched, extended: false });

/** The body-parser for the request's content type, if it has a body of a type the operations read. */
function parserFor(req: Request): RequestHandler | null {
  const type = typeis(req, BODY_TYPES); // null without a body, false for another type
  if (!type) return null;
  return type === FORM_TYPE ? parseForm : parseJson;
}

/**
 * Reads a JSON or form body of up to 1 MB into `req.body` (body-parser; other content types leave it
 * empty). Rejects with body-parser's 400/413/415 errors, and 400 for a JSON body that is not valid UTF-8, which
 * the error handler answers. A request
 * without a body (a GET, or a POST with the fields in the query string) returns at once: going through
 * both parsers only to be skipped was about 6 % of such a request's instructions. One content-type match
 * picks the parser. A small JSON body already read whole is parsed at once (jsonReadWhole); then, and without a
 * body, nothing is returned to wait for.
 */
export function parseBody(req: Request, res: Response): Promise<void> | undefined {
  if (jsonReadWhole(req)) return undefined;
  const parser = parserFor(req);
  if (!parser) return undefined;
  return new Promise<void>((resolve, reject) => {
    void parser(req, res, (error?: unknown) => (error ? reject(error as Error) : resolve()));
  });
}

/**
 * Parses a JSON body into `req.body` as body-parser's JSON parser would (strict: an object or an array; an empty body
 * is `{}`; a leading byte order mark is dropped; not valid UTF-8 or not JSON is the same 400 the error handler gives
 * body-parser's errors), when its stream need not be read: a plain `application/json` body (UTF-8, no
 * Content-Encoding) of a stated length within the limit, which Node's parser has already received whole and no one has
 * read. Anything else returns false and is left to body-parser, whose stream reading (raw-body, iconv-lite, the
 * listeners and callbacks between them) cost a verify_journalist request more than any other step of its own.
 * "Received whole" is the stated length buffered, not `req.complete`: Node runs the handler's awaited steps between
 * the parser's last body chunk and its end of message, so a body sent in one packet is all there while `complete` is
 * still false (every request of the bench's verify_journalist load was left to body-parser for that).
 */
function jsonReadWhole(req: Request): boolean {
  const type = req.headers['content-type'];
  if (type !== 'application/json' && type?.toLowerCase() !== 'application/json; charset=utf-8') return false;
  const length = req.readableLength;
  if (
    length === 0 ||
    length > BODY_LIMIT_BYTES ||
    req.headers['content-encoding'] !== undefined ||
    req.headers['content-length'] !== String(length) ||
    req.readableFlowing !== null ||
    // body-parser leaves the body of a request whose connection no longer reads (onFinished.isFinished) unread.
    !req.socket.readable
  ) {
    return false;
  }
  const bytes = req.read() as Buffer;
  if (!isUtf8(bytes)) throw new ApiError(400, INVALID_UTF8);
  req.body = strictJson(bytes.toString('utf8'));
  return true;
}

/** The answer to a JSON body that is not JSON, body-parser's or jsonReadWhole's (see the error handler). */
export const NOT_JSON = 'The request body is not valid JSON';

/** body-parser's strict JSON: after JSON's whitespace the text opens an object or an array; a byte order mark goes first. */
function strictJson(decoded: string): unknown {
  const text = decoded.charCodeAt(0) === 0xfeff ? decoded.slice(1) : decoded;
  if (text.length === 0) return {};
  let i = 0;
  while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  if (text[i] !== '{' && text[i] !== '[') throw new ApiError(400, NOT_JSON);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, NOT_JSON);
  }
}

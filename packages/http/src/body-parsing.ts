import { isUtf8 } from 'node:buffer';
import bodyParser from 'body-parser';
import type { Request, RequestHandler, Response } from 'express';
import typeis from 'type-is';
import { ApiError } from './api-error';

export const BODY_LIMIT = '1mb';

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
  if (/^utf-?8$/i.test(encoding) && !isUtf8(body))
    throw new ApiError(400, 'The request body is not valid UTF-8: a JSON body must be encoded in UTF-8');
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
 * picks the parser.
 */
export async function parseBody(req: Request, res: Response): Promise<void> {
  const parser = parserFor(req);
  if (!parser) return;
  await new Promise<void>((resolve, reject) => {
    void parser(req, res, (error?: unknown) => (error ? reject(error as Error) : resolve()));
  });
}

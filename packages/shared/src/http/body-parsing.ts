import bodyParser from 'body-parser';
import type { Request, RequestHandler, Response } from 'express';
import typeis from 'type-is';

export const BODY_LIMIT = '1mb';

const JSON_TYPES = ['application/json', 'application/*+json'];
const FORM_TYPES = ['application/x-www-form-urlencoded'];

const parseJson = bodyParser.json({ limit: BODY_LIMIT, type: JSON_TYPES });
const parseForm = bodyParser.urlencoded({ limit: BODY_LIMIT, type: FORM_TYPES, extended: false });

/** The body-parser for the request's content type, if it is one the operations read. */
function parserFor(req: Request): RequestHandler | null {
  if (typeis(req, JSON_TYPES)) return parseJson;
  if (typeis(req, FORM_TYPES)) return parseForm;
  return null;
}

/**
 * Reads a JSON or form body of up to 1 MB into `req.body` (body-parser; other content types leave it
 * empty). Rejects with body-parser's 400/413/415 errors, which the error handler answers. A request
 * without a body (a GET, or a POST with the fields in the query string) returns at once: going through
 * both parsers only to be skipped was about 6 % of such a request's instructions.
 */
export async function parseBody(req: Request, res: Response): Promise<void> {
  if (!typeis.hasBody(req)) return;
  const parser = parserFor(req);
  if (!parser) return;
  await new Promise<void>((resolve, reject) => {
    void parser(req, res, (error?: unknown) => (error ? reject(error as Error) : resolve()));
  });
}

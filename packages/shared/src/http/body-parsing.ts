import bodyParser from 'body-parser';
import type { RequestHandler } from 'express';

export const BODY_LIMIT = '1mb';

/** JSON and form bodies up to 1 MB; other content types leave the body empty. */
export function bodyParsing(): RequestHandler[] {
  return [
    bodyParser.json({ limit: BODY_LIMIT, type: ['application/json', 'application/*+json'] }),
    bodyParser.urlencoded({ limit: BODY_LIMIT, extended: false }),
  ];
}

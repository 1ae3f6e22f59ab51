import bodyParser from 'body-parser';
import type { Request, RequestHandler, Response } from 'express';

export const BODY_LIMIT = '1mb';

const PARSERS: RequestHandler[] = [
  bodyParser.json({ limit: BODY_LIMIT, type: ['application/json', 'application/*+json'] }),
  bodyParser.urlencoded({ limit: BODY_LIMIT, extended: false }),
];

/**
 * Reads a JSON or form body of up to 1 MB into `req.body` (body-parser; other content types leave it
 * empty). Rejects with body-parser's 400/413/415 errors, which the error handler answers.
 */
export async function parseBody(req: Request, res: Response): Promise<void> {
  for (const parser of PARSERS) {
    await new Promise<void>((resolve, reject) => {
      void parser(req, res, (error?: unknown) => (error ? reject(error as Error) : resolve()));
    });
  }
}

import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { PageError } from './page-error';
import { currentSession } from './render';

export const CSRF_COOKIE = 'byline_csrf';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Signed in: the token is the session's own (kept in the store). Signed out (sign-in and sign-up forms):
 * a random HTTP-only cookie whose value the form must echo (double submit), so login CSRF fails too.
 */
export const csrfToken: RequestHandler = (req, res, next) => {
  const session = currentSession(res);
  if (session) {
    res.locals.csrfToken = session.csrfToken;
  } else {
    let token = req.cookies?.[CSRF_COOKIE] as string | undefined;
    if (typeof token !== 'string' || token.length < 32) {
      token = randomBytes(32).toString('base64url');
      res.cookie(CSRF_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' });
    }
    res.locals.csrfToken = token;
  }
  next();
};

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Every state-changing request must carry the token in its `_csrf` field. */
export const checkCsrf: RequestHandler = (req, res, next) => {
  if (!UNSAFE_METHODS.has(req.method)) return next();
  const given = (req.body as Record<string, unknown> | undefined)?._csrf;
  if (typeof given !== 'string' || !same(given, res.locals.csrfToken as string)) {
    return next(
      new PageError(403, 'This form has expired or did not come from this site. Go back, reload the page and try again.'),
    );
  }
  next();
};

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { PageError } from './page-error';
import { currentSession } from './render';

/**
 * The signed-out pre-session's cookie when the portal's public address is https: the `__Host-` prefix makes the
 * browser keep it only when it is Secure, for Path=/ and without a Domain, so no other host (a sibling subdomain,
 * a plain-http page on the same name) can set or replace it.
 */
export const HOST_PRESESSION_COOKIE = '__Host-byline_presession';
/**
 * The same cookie when the public address is plain http (local development): browsers refuse `__Host-` and Secure
 * cookies from an http origin other than localhost, so it has no prefix and is Secure only on an https request.
 * Plain http gives no protection from the network anyway; a production portal is served over https.
 */
export const CSRF_COOKIE = 'byline_csrf';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TOKEN_PURPOSE = 'byline signed-out form token v1';

/**
 * The form token of a signed-out pre-session: an HMAC of a fixed purpose keyed by its random id. The id lives only
 * in the HTTP-only cookie, so the token a page shows reveals nothing of it, and a token from another pre-session
 * (another browser, a page an attacker fetched for themselves) does not fit this one. (A server-wide key would add
 * nothing: anyone can get a fitting id and token by visiting; what keeps an attacker's id out of a victim's browser
 * is the `__Host-` cookie.)
 */
export function presessionToken(presessionId: string): string {
  return createHmac('sha256', presessionId).update(TOKEN_PURPOSE).digest('base64url');
}

/**
 * Sets res.locals.csrfToken. Signed in: the session's own token (kept in the store). Signed out (sign-in and
 * sign-up forms): the pre-session's token (presessionToken), so login CSRF fails too; a pre-session starts with
 * the first page that has no valid cookie.
 */
export function csrfToken(publicPortalUrl: string): RequestHandler {
  const https = new URL(publicPortalUrl).protocol === 'https:';
  const cookie = https ? HOST_PRESESSION_COOKIE : CSRF_COOKIE;
  const options = (req: Request) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: https || req.secure,
    path: '/',
  });
  return (req, res, next) => {
    const session = currentSession(res);
    if (session) {
      res.locals.csrfToken = session.csrfToken;
    } else {
      let id = req.cookies?.[cookie] as string | undefined;
      if (typeof id !== 'string' || !/^[\w-]{43}$/.test(id)) {
        id = randomBytes(32).toString('base64url');
        res.cookie(cookie, id, options(req));
      }
      res.locals.csrfToken = presessionToken(id);
    }
    next();
  };
}

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

import type { RequestHandler, Response } from 'express';
import type { AllowedOrigins } from './allowed-origins';

/** The request headers a browser may send on the operations (credentials under either name, a JSON body). */
// If-None-Match: a page may revalidate an answer it keeps (ETag is exposed).
export const CORS_ALLOWED_HEADERS = 'Authorization, Authentication, Content-Type, If-None-Match';
/** How long a browser may reuse a preflight's answer. */
export const CORS_MAX_AGE_SECONDS = 600;
/** The answer headers a page may read besides the CORS-safelisted ones. */
export const CORS_EXPOSED_HEADERS = 'RateLimit, RateLimit-Policy, Retry-After, X-Request-Id, ETag';

/**
 * The answer to OPTIONS on an operation's path: 204, no credentials read and no rate limit or
 * failed-authentication count touched. `Access-Control-Allow-Origin` only for an origin some account
 * lists; whether that account's key may then be used from it is decided on the actual request.
 */
export function preflight(methods: readonly string[], allowed: AllowedOrigins): RequestHandler {
  const allowMethods = methods.join(', ');
  const allow = [...methods, 'OPTIONS'].join(', ');
  const maxAge = String(CORS_MAX_AGE_SECONDS);
  return async (req, res) => {
    const origin = req.headers.origin;
    if (origin !== undefined && (await allowed.has(origin))) res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Methods', allowMethods);
    res.setHeader('Access-Control-Allow-Headers', CORS_ALLOWED_HEADERS);
    res.setHeader('Access-Control-Max-Age', maxAge);
    res.setHeader('Allow', allow);
    res.vary('Origin');
    res.status(204).end();
  };
}

/**
 * On an authenticated request that came with `Origin`: the grant when the key's account lists that origin.
 * Vary: Origin either way, since the answer depends on it.
 */
export function grantOrigin(res: Response, origin: string, accountOrigins: readonly string[]): void {
  res.vary('Origin');
  if (!accountOrigins.includes(origin)) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS);
}

/**
 * On a refusal that tells a page nothing it could not learn otherwise (credentials missing or not valid, too
 * many failures from its address, a browser key used from an origin it does not list): the grant for whichever
 * origin asked, so the page can read why it was refused instead of seeing only a network error.
 */
export function grantRefusal(res: Response, origin: string): void {
  res.vary('Origin');
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS);
}

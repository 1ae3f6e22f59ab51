import { createHash, randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { PortalUser } from '@byline/shared';
import type { PortalContext } from '../deps';

export const SESSION_COOKIE = 'byline_session';

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function cookieOptions(req: Request, expires?: Date) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: req.secure, path: '/', ...(expires ? { expires } : {}) };
}

/** Puts the live session (if any) in res.locals.session; a stale cookie is cleared. */
export function loadSession({ portalStore, now }: PortalContext): RequestHandler {
  return async (req, res, next) => {
    const token = req.cookies?.[SESSION_COOKIE] as string | undefined;
    if (typeof token === 'string' && token) {
      const session = await portalStore.findSession(tokenHash(token), now());
      if (session) res.locals.session = session;
      else res.clearCookie(SESSION_COOKIE, cookieOptions(req));
    }
    next();
  };
}

/** A new session: random cookie value (only its hash is stored) and its own CSRF token. */
export async function startSession(
  req: Request,
  res: Response,
  { portalStore, now, sessionTtlMs }: PortalContext,
  user: PortalUser,
) {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now().getTime() + sessionTtlMs);
  await portalStore.createSession({
    tokenHash: tokenHash(token),
    userId: user.id,
    csrfToken: randomBytes(32).toString('base64url'),
    expiresAt: expires.toISOString(),
  });
  res.cookie(SESSION_COOKIE, token, cookieOptions(req, expires));
}

export async function endSession(req: Request, res: Response, { portalStore }: PortalContext): Promise<void> {
  const token = req.cookies?.[SESSION_COOKIE] as string | undefined;
  if (typeof token === 'string' && token) await portalStore.deleteSession(tokenHash(token));
  res.clearCookie(SESSION_COOKIE, cookieOptions(req));
}

import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { repositoriesOf } from '@byline/shared/store';
import { type PortalUser } from '@byline/domain/users/users-repository';
import type { PortalContext } from '../deps';

export const SESSION_COOKIE = 'byline_session';

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function cookieOptions(req: Request, expires?: Date) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: req.secure, path: '/', ...(expires ? { expires } : {}) };
}

function sessionToken(req: Request): string | undefined {
  const token = req.cookies?.[SESSION_COOKIE] as string | undefined;
  return typeof token === 'string' && token ? token : undefined;
}

/** The stored key of this request's session (a hash of its cookie), if it has a cookie. */
export function sessionTokenHash(req: Request): string | undefined {
  const token = sessionToken(req);
  return token ? tokenHash(token) : undefined;
}

/** Puts the live session (if any) in res.locals.session; a stale cookie is cleared. */
export function loadSession({ store, now }: PortalContext): RequestHandler {
  const { sessions } = repositoriesOf(store);
  return async (req, res, next) => {
    const token = req.cookies?.[SESSION_COOKIE] as string | undefined;
    if (typeof token === 'string' && token) {
      const session = await sessions.find(tokenHash(token), now());
      if (session) res.locals.session = session;
      else res.clearCookie(SESSION_COOKIE, cookieOptions(req));
    }
    next();
  };
}

/** A new session: random cookie value (only its hash is stored) and its own CSRF token. */
export async function startSession(req: Request, res: Response, { store, now, sessionTtlMs }: PortalContext, user: PortalUser) {
  const token = randomBytes(32).toString('base64url');
  const at = now();
  const expires = new Date(at.getTime() + sessionTtlMs);
  await repositoriesOf(store).sessions.create(
    {
      tokenHash: tokenHash(token),
      userId: user.id,
      csrfToken: randomBytes(32).toString('base64url'),
      expiresAt: expires.toISOString(),
    },
    at,
  );
  res.cookie(SESSION_COOKIE, token, cookieOptions(req, expires));
}

export async function endSession(req: Request, res: Response, { store }: PortalContext): Promise<void> {
  const token = req.cookies?.[SESSION_COOKIE] as string | undefined;
  if (typeof token === 'string' && token) await repositoriesOf(store).sessions.delete(tokenHash(token));
  res.clearCookie(SESSION_COOKIE, cookieOptions(req));
}

/*
 * A flash: one value kept on the session record between a POST and the GET it redirects to (a new API
 * secret), taken (read and deleted) by that GET. The store holds it sealed with AES-256-GCM under a key
 * derived (HKDF) from the session cookie's value, which the store never sees (it has only the cookie's hash):
 * what the store holds cannot be read without the browser's cookie.
 */
const FLASH_INFO = 'byline session flash v1';

function flashKey(token: string): Buffer {
  return Buffer.from(hkdfSync('sha256', token, '', FLASH_INFO, 32));
}

/** Keeps `value` (JSON) on the signed-in session until takeFlash; replaces any earlier flash. */
export async function putFlash(req: Request, { store }: PortalContext, value: unknown): Promise<void> {
  const token = sessionToken(req);
  if (!token) throw new Error('putFlash needs a signed-in session');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', flashKey(token), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  await repositoriesOf(store).sessions.putFlash(
    tokenHash(token),
    [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.'),
  );
}

/** The session's flash, gone from the store once taken; undefined when there is none (or it does not open). */
export async function takeFlash<T>(req: Request, { store }: PortalContext): Promise<T | undefined> {
  const token = sessionToken(req);
  if (!token) return undefined;
  const stored = await repositoriesOf(store).sessions.takeFlash(tokenHash(token));
  if (!stored) return undefined;
  try {
    const [iv, tag, sealed] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', flashKey(token), iv!);
    decipher.setAuthTag(tag!);
    return JSON.parse(Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8')) as T;
  } catch {
    return undefined;
  }
}

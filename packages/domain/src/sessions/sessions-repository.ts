import type { PortalUser } from '../users/users-repository';

export interface NewPortalSession {
  /** A hash of the cookie value; the cookie value itself is never stored. */
  tokenHash: string;
  userId: number;
  csrfToken: string;
  expiresAt: string;
}

export interface PortalSession {
  user: PortalUser;
  csrfToken: string;
  expiresAt: string;
}

/** The portal's sign-ins: one record per session cookie (kept as a hash), with its user, CSRF token and flash. */
export interface Sessions {
  /** Makes the session, created `now`; sessions expired at `now` are swept as new ones are made. */
  create(session: NewPortalSession, now: Date): Promise<void>;
  /** The live session for this token hash, with its user, or null when unknown or expired at `now`. */
  find(tokenHash: string, now: Date): Promise<PortalSession | null>;
  delete(tokenHash: string): Promise<void>;
  /** Ends every session of the user but the one with `exceptTokenHash` (when given). */
  deleteOfUser(userId: number, exceptTokenHash?: string): Promise<void>;
  /** Keeps one sealed value on the session until it is taken, replacing any earlier one. */
  putFlash(tokenHash: string, sealed: string): Promise<void>;
  /** The session's sealed value, removed in the same write: of concurrent takers only one gets it. */
  takeFlash(tokenHash: string): Promise<string | null>;
}

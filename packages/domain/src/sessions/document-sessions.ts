import type { Documents } from '../documents/documents';
import { asUser, type UserDocument } from '../users/document-users';
import type { NewPortalSession, PortalSession, Sessions } from './sessions-repository';

/** A portal session as the generic document port stores it, keyed by its cookie's hash. */
export type SessionDocument = {
  tokenHash: string;
  userId: number;
  csrfToken: string;
  createdAt: string;
  expiresAt: string;
  /** One value sealed with a key from the cookie value, kept until the next page takes it (see the portal's sessions.ts). */
  flash: string | null;
};

/** The portal's sessions, written once over the generic document port (each database's adapter only stores them). */
export class DocumentSessions implements Sessions {
  constructor(
    private readonly sessions: Documents<SessionDocument>,
    private readonly users: Documents<UserDocument, Omit<UserDocument, 'id'>>,
  ) {}

  /** The sweep, then the insert: interrupted in between, only expired sessions are gone. */
  async create({ tokenHash, userId, csrfToken, expiresAt }: NewPortalSession, now: Date): Promise<void> {
    const at = now.toISOString();
    await this.sessions.deleteAll({ expiresAt: { lte: at } });
    await this.sessions.insert({ tokenHash, userId, csrfToken, createdAt: at, expiresAt, flash: null });
  }

  async find(tokenHash: string, now: Date): Promise<PortalSession | null> {
    const session = await this.sessions.first({ tokenHash, expiresAt: { gt: now.toISOString() } });
    const user = session && (await this.users.first({ id: session.userId }));
    // Two reads, where the join was one. Between them a removal (sessions first, then the user) and a sign-up given
    // the removed user's id (SQLite reuses the highest) would hand this one request to the new user: both within
    // one request's two reads, which no sign-up flow can time; the next request finds no session.
    if (!session || !user) return null;
    return { user: asUser(user), csrfToken: session.csrfToken, expiresAt: session.expiresAt };
  }

  async delete(tokenHash: string): Promise<void> {
    await this.sessions.deleteAll({ tokenHash });
  }

  async deleteOfUser(userId: number, exceptTokenHash?: string): Promise<void> {
    await this.sessions.deleteAll(exceptTokenHash === undefined ? { userId } : { userId, tokenHash: { ne: exceptTokenHash } });
  }

  async putFlash(tokenHash: string, sealed: string): Promise<void> {
    await this.sessions.updateFirst({ tokenHash }, { flash: sealed });
  }

  /** Most pages have nothing waiting: one read. Else taken by one write conditional on the value read. */
  async takeFlash(tokenHash: string): Promise<string | null> {
    const waiting = (await this.sessions.first({ tokenHash }))?.flash ?? null;
    if (waiting === null) return null;
    return (await this.sessions.updateFirst({ tokenHash, flash: waiting }, { flash: null }))?.flash ?? null;
  }
}

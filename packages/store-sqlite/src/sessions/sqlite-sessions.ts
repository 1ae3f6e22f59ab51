import type { SqliteDatabase } from '../store/sqlite-database';
import { toUser, type UserRow } from '../users/sqlite-users';
import type { NewPortalSession, PortalSession, Sessions } from '@byline/domain/sessions/sessions-repository';

const statements = (database: SqliteDatabase) => ({
  sweep: database.prepare<[string]>('DELETE FROM portal_sessions WHERE expires_at <= ?'),
  insert: database.prepare<[string, number, string, string, string]>(
    'INSERT INTO portal_sessions (token_hash, user_id, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
  ),
  liveWithUser: database.prepare<[string, string], UserRow & { csrf_token: string; expires_at: string }>(
    `SELECT u.*, s.csrf_token, s.expires_at FROM portal_sessions s JOIN portal_users u ON u.id = s.user_id
     WHERE s.token_hash = ? AND s.expires_at > ?`,
  ),
  deleteOne: database.prepare<[string]>('DELETE FROM portal_sessions WHERE token_hash = ?'),
  deleteOthersOfUser: database.prepare<[number, string]>('DELETE FROM portal_sessions WHERE user_id = ? AND token_hash <> ?'),
  setFlash: database.prepare<[string, string]>('UPDATE portal_sessions SET flash = ? WHERE token_hash = ?'),
  flashOf: database.prepare<[string], { flash: string | null }>('SELECT flash FROM portal_sessions WHERE token_hash = ?'),
  clearFlash: database.prepare<[string]>('UPDATE portal_sessions SET flash = NULL WHERE token_hash = ?'),
});

/** The portal's sessions in the embedded store's portal_sessions table. */
export class SqliteSessions implements Sessions {
  private readonly sql: ReturnType<typeof statements>;

  constructor(private readonly database: SqliteDatabase) {
    this.sql = statements(database);
  }

  async create(session: NewPortalSession, now: Date): Promise<void> {
    const at = now.toISOString();
    await this.database.write(() => {
      this.sql.sweep.run(at);
      this.sql.insert.run(session.tokenHash, session.userId, session.csrfToken, at, session.expiresAt);
    });
  }

  find(tokenHash: string, now: Date): Promise<PortalSession | null> {
    return this.database.read(() => {
      const row = this.sql.liveWithUser.get(tokenHash, now.toISOString());
      return row ? { user: toUser(row), csrfToken: row.csrf_token, expiresAt: row.expires_at } : null;
    });
  }

  async delete(tokenHash: string): Promise<void> {
    await this.database.write(() => this.sql.deleteOne.run(tokenHash));
  }

  async deleteOfUser(userId: number, exceptTokenHash?: string): Promise<void> {
    await this.database.write(() => this.sql.deleteOthersOfUser.run(userId, exceptTokenHash ?? ''));
  }

  async putFlash(tokenHash: string, sealed: string): Promise<void> {
    await this.database.write(() => this.sql.setFlash.run(sealed, tokenHash));
  }

  /** Read and cleared in one immediate transaction, so two takers cannot both read it. */
  async takeFlash(tokenHash: string): Promise<string | null> {
    // Most pages have nothing waiting: answer them without taking the write lock.
    const waiting = await this.database.read(() => this.sql.flashOf.get(tokenHash));
    if (!waiting?.flash) return null;
    return this.database.write(() => {
      const row = this.sql.flashOf.get(tokenHash);
      if (!row?.flash) return null;
      this.sql.clearFlash.run(tokenHash);
      return row.flash;
    });
  }
}

import type { SqliteDatabase } from '../store/sqlite-database';
import type { NewOneTimeLink, OneTimeLinks } from '@byline/domain/one-time-links/one-time-links';

/** The tables of the kinds of one-time links; each has the same columns. */
export type OneTimeLinksTable = 'portal_password_resets' | 'portal_email_confirmations';

const statements = (database: SqliteDatabase, table: OneTimeLinksTable) => ({
  sweep: database.prepare<[string]>(`DELETE FROM ${table} WHERE expires_at <= ?`),
  insert: database.prepare<[string, number, string, string]>(
    `INSERT INTO ${table} (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)`,
  ),
  live: database.prepare<[string, string], { user_id: number }>(
    `SELECT user_id FROM ${table} WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?`,
  ),
  use: database.prepare<[string, string, string], { user_id: number }>(
    `UPDATE ${table} SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING user_id`,
  ),
  deleteOfUser: database.prepare<[number]>(`DELETE FROM ${table} WHERE user_id = ?`),
});

/** One kind of the portal's one-time links in its table of the embedded store. */
export class SqliteOneTimeLinks implements OneTimeLinks {
  private readonly sql: ReturnType<typeof statements>;

  constructor(
    private readonly database: SqliteDatabase,
    table: OneTimeLinksTable,
  ) {
    this.sql = statements(database, table);
  }

  /** The sweep and the insert in one transaction. */
  async create({ tokenHash, userId, expiresAt }: NewOneTimeLink, now: Date): Promise<void> {
    const at = now.toISOString();
    await this.database.write(() => {
      this.sql.sweep.run(at);
      this.sql.insert.run(tokenHash, userId, at, expiresAt);
    });
  }

  usableBy(tokenHash: string, now: Date): Promise<number | null> {
    return this.database.read(() => this.sql.live.get(tokenHash, now.toISOString())?.user_id ?? null);
  }

  /** One UPDATE whose condition is "unused and unexpired": of concurrent callers only one changes the row. */
  consume(tokenHash: string, now: Date): Promise<number | null> {
    const at = now.toISOString();
    return this.database.write(() => this.sql.use.get(at, tokenHash, at)?.user_id ?? null);
  }

  async deleteOfUser(userId: number): Promise<void> {
    await this.database.write(() => this.sql.deleteOfUser.run(userId));
  }
}

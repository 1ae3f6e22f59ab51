import type { SqliteDatabase } from '../store/sqlite-database';
import type { NewPasswordReset, PasswordResets } from '@byline/domain/password-resets/password-resets-repository';

const statements = (database: SqliteDatabase) => ({
  sweep: database.prepare<[string]>('DELETE FROM portal_password_resets WHERE expires_at <= ?'),
  insert: database.prepare<[string, number, string, string]>(
    'INSERT INTO portal_password_resets (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
  ),
  live: database.prepare<[string, string], { token_hash: string }>(
    'SELECT token_hash FROM portal_password_resets WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?',
  ),
  use: database.prepare<[string, string, string], { user_id: number }>(
    `UPDATE portal_password_resets SET used_at = ?
     WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING user_id`,
  ),
  deleteOfUser: database.prepare<[number]>('DELETE FROM portal_password_resets WHERE user_id = ?'),
});

/** The portal's password-reset links in the embedded store's portal_password_resets table. */
export class SqlitePasswordResets implements PasswordResets {
  private readonly sql: ReturnType<typeof statements>;

  constructor(private readonly database: SqliteDatabase) {
    this.sql = statements(database);
  }

  async create({ tokenHash, userId, expiresAt }: NewPasswordReset, now: Date): Promise<void> {
    const at = now.toISOString();
    await this.database.write(() => {
      this.sql.sweep.run(at);
      this.sql.insert.run(tokenHash, userId, at, expiresAt);
    });
  }

  usable(tokenHash: string, now: Date): Promise<boolean> {
    return this.database.read(() => this.sql.live.get(tokenHash, now.toISOString()) !== undefined);
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

import type Database from 'better-sqlite3';
import type { NewPasswordReset } from '../portal-store';

type Write = <T>(work: () => T) => Promise<T>;

/** The embedded portal store's password-reset links: a hash of each link's token, its user, expiry and use. */
export class SqlitePasswordResets {
  constructor(
    private readonly db: Database.Database,
    private readonly write: Write,
  ) {}

  /** Expired links are swept as new ones are made, like sessions. */
  async create({ tokenHash, userId, expiresAt }: NewPasswordReset): Promise<void> {
    const now = new Date().toISOString();
    const sweepAndInsert = this.db.transaction(() => {
      this.db.prepare('DELETE FROM portal_password_resets WHERE expires_at <= ?').run(now);
      this.db
        .prepare('INSERT INTO portal_password_resets (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
        .run(tokenHash, userId, now, expiresAt);
    });
    await this.write(() => sweepAndInsert.immediate());
  }

  async usable(tokenHash: string, now: Date): Promise<boolean> {
    const row = this.db
      .prepare<[string, string], { token_hash: string }>(
        'SELECT token_hash FROM portal_password_resets WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?',
      )
      .get(tokenHash, now.toISOString());
    return row !== undefined;
  }

  /** One UPDATE whose condition is "unused and unexpired": of concurrent callers only one changes the row. */
  consume(tokenHash: string, now: Date): Promise<number | null> {
    const at = now.toISOString();
    return this.write(() => {
      const row = this.db
        .prepare<[string, string, string], { user_id: number }>(
          `UPDATE portal_password_resets SET used_at = ?
           WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING user_id`,
        )
        .get(at, tokenHash, at);
      return row?.user_id ?? null;
    });
  }

  async deleteOf(userId: number): Promise<void> {
    await this.write(() => this.db.prepare('DELETE FROM portal_password_resets WHERE user_id = ?').run(userId));
  }
}

import type Database from 'better-sqlite3';

type Write = <T>(work: () => T) => Promise<T>;

/** What the embedded portal store does to sessions beyond making, finding and ending one: a user's others, flashes. */
export class SqliteSessionRecords {
  constructor(
    private readonly db: Database.Database,
    private readonly write: Write,
  ) {}

  async deleteOfUser(userId: number, exceptTokenHash?: string): Promise<void> {
    await this.write(() =>
      this.db.prepare('DELETE FROM portal_sessions WHERE user_id = ? AND token_hash <> ?').run(userId, exceptTokenHash ?? ''),
    );
  }

  async putFlash(tokenHash: string, sealed: string): Promise<void> {
    await this.write(() => this.db.prepare('UPDATE portal_sessions SET flash = ? WHERE token_hash = ?').run(sealed, tokenHash));
  }

  /** Read and cleared in one immediate transaction, so two takers cannot both read it. */
  async takeFlash(tokenHash: string): Promise<string | null> {
    // Most pages have nothing waiting: answer them without taking the write lock.
    const waiting = this.db
      .prepare<[string], { flash: string | null }>('SELECT flash FROM portal_sessions WHERE token_hash = ?')
      .get(tokenHash);
    if (!waiting?.flash) return null;
    const take = this.db.transaction(() => {
      const row = this.db
        .prepare<[string], { flash: string | null }>('SELECT flash FROM portal_sessions WHERE token_hash = ?')
        .get(tokenHash);
      if (!row?.flash) return null;
      this.db.prepare('UPDATE portal_sessions SET flash = NULL WHERE token_hash = ?').run(tokenHash);
      return row.flash;
    });
    return this.write(() => take.immediate());
  }
}

import type Database from 'better-sqlite3';

/** The embedded store's account origins (table api_account_origins, migration 018); synchronous, called through the store's run/write. */
export class SqliteAccountOrigins {
  private readonly stmt;

  constructor(private readonly db: Database.Database) {
    this.stmt = {
      account: db.prepare<[string], number>('SELECT id FROM accounts WHERE email = ?').pluck(),
      ofAccount: db
        .prepare<[number], string>('SELECT origin FROM api_account_origins WHERE account_id = ? ORDER BY position')
        .pluck(),
      clear: db.prepare<[number]>('DELETE FROM api_account_origins WHERE account_id = ?'),
      insert: db.prepare<[number, number, string]>(
        'INSERT INTO api_account_origins (account_id, position, origin) VALUES (?, ?, ?)',
      ),
      ofKey: db
        .prepare<[string], string>(
          `SELECT o.origin FROM api_keys k JOIN api_account_origins o ON o.account_id = k.account_id
           WHERE k.key = ? ORDER BY o.position`,
        )
        .pluck(),
      all: db.prepare<[], string>('SELECT DISTINCT origin FROM api_account_origins ORDER BY origin').pluck(),
    };
  }

  originsOf(email: string): string[] | null {
    const id = this.stmt.account.get(email);
    return id === undefined ? null : this.stmt.ofAccount.all(id);
  }

  set(email: string, origins: readonly string[]): boolean {
    return this.db
      .transaction(() => {
        const id = this.stmt.account.get(email);
        if (id === undefined) return false;
        this.stmt.clear.run(id);
        origins.forEach((origin, position) => this.stmt.insert.run(id, position, origin));
        return true;
      })
      .immediate();
  }

  ofKey(key: string): string[] {
    return this.stmt.ofKey.all(key);
  }

  all(): string[] {
    return this.stmt.all.all();
  }
}

import type Database from 'better-sqlite3';

/**
 * The embedded store's web origins: an account's (table api_account_origins, migration 018) and a browser key's own
 * (api_keys.browser_origins, migration 019); synchronous, called through the store's run/write.
 */
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
      key: db.prepare<[string], { account_id: number; kind: string; browser_origins: string | null }>(
        'SELECT account_id, kind, browser_origins FROM api_keys WHERE key = ?',
      ),
      all: db
        .prepare<[], string>(
          `SELECT origin FROM api_account_origins
           UNION SELECT j.value FROM api_keys k, json_each(k.browser_origins) j WHERE k.kind = 'browser' AND k.revoked_at IS NULL
           ORDER BY 1`,
        )
        .pluck(),
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
    const row = this.stmt.key.get(key);
    if (!row) return [];
    return row.kind === 'browser'
      ? (JSON.parse(row.browser_origins ?? '[]') as string[])
      : this.stmt.ofAccount.all(row.account_id);
  }

  all(): string[] {
    return this.stmt.all.all();
  }
}

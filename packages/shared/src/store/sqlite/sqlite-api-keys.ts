import type Database from 'better-sqlite3';
import type { AccountStatus, ApiKeyKind, ApiKeySummary, BrowserKeySettings, StoredCredential } from '../../domain/types';
import type { NewApiKey } from '../store';

/** A key's columns: its summary, with a browser key's origins still the stored JSON text. */
type KeyRow = Omit<ApiKeySummary, 'origins'> & { browser_origins: string | null };

interface CredentialRow {
  key: string;
  secret_hash: string;
  revoked_at: string | null;
  status: AccountStatus;
  account_limit: number | null;
  kind: ApiKeyKind;
  browser_origins: string | null;
  rate_limit_per_minute: number | null;
}

const KEY_COLUMNS = `k.key, k.name, a.email, k.created_at, k.revoked_at, k.last_used_at, k.kind, k.browser_origins,
  k.rate_limit_per_minute`;

const browserOf = (row: Pick<KeyRow, 'kind' | 'browser_origins' | 'rate_limit_per_minute'>): BrowserKeySettings | null =>
  row.kind === 'browser'
    ? { origins: JSON.parse(row.browser_origins ?? '[]') as string[], rateLimitPerMinute: row.rate_limit_per_minute! }
    : null;

function toSummary(row: KeyRow): ApiKeySummary {
  const browser = browserOf(row);
  return {
    key: row.key,
    name: row.name,
    email: row.email,
    created_at: row.created_at,
    revoked_at: row.revoked_at,
    last_used_at: row.last_used_at,
    kind: row.kind,
    origins: browser?.origins ?? [],
    rate_limit_per_minute: browser?.rateLimitPerMinute ?? null,
  };
}

/** The embedded store's API keys (tables accounts and api_keys); synchronous, called through the store's run/write. */
export class SqliteApiKeys {
  private readonly stmt;

  constructor(private readonly db: Database.Database) {
    this.stmt = {
      accountByEmail: db.prepare<[string], number>('SELECT id FROM accounts WHERE email = ?').pluck(),
      insertAccount: db.prepare<[string, string]>('INSERT INTO accounts (email, created_at) VALUES (?, ?)'),
      insertKey: db.prepare<[string, number, string, string, string, ApiKeyKind, string | null, number | null]>(
        `INSERT INTO api_keys (key, account_id, name, secret_hash, created_at, kind, browser_origins, rate_limit_per_minute)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      keysOf: db.prepare<[string], KeyRow>(
        `SELECT ${KEY_COLUMNS} FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE a.email = ? ORDER BY k.id`,
      ),
      keySummary: db.prepare<[string], KeyRow>(
        `SELECT ${KEY_COLUMNS} FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key = ?`,
      ),
      revokeKey: db.prepare<[string, string]>('UPDATE api_keys SET revoked_at = coalesce(revoked_at, ?) WHERE key = ?'),
      setBrowser: db.prepare<[string, number, string]>(
        `UPDATE api_keys SET browser_origins = ?, rate_limit_per_minute = ? WHERE key = ? AND kind = 'browser'`,
      ),
      credential: db.prepare<[string], CredentialRow>(
        `SELECT k.key, k.secret_hash, k.revoked_at, a.status, a.rate_limit_per_minute AS account_limit, k.kind,
           k.browser_origins, k.rate_limit_per_minute
         FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key = ?`,
      ),
    };
  }

  create({ email, name, key, secretHash, browser }: NewApiKey): ApiKeySummary {
    return this.db
      .transaction(() => {
        const now = new Date().toISOString();
        const accountId = this.stmt.accountByEmail.get(email) ?? Number(this.stmt.insertAccount.run(email, now).lastInsertRowid);
        const origins = browser ? JSON.stringify(browser.origins) : null;
        const kind = browser ? 'browser' : 'server';
        this.stmt.insertKey.run(key, accountId, name, secretHash, now, kind, origins, browser?.rateLimitPerMinute ?? null);
        return toSummary(this.stmt.keySummary.get(key)!);
      })
      .immediate();
  }

  list(email: string): ApiKeySummary[] {
    return this.stmt.keysOf.all(email).map(toSummary);
  }

  revoke(key: string): boolean {
    return this.stmt.revokeKey.run(new Date().toISOString(), key).changes > 0;
  }

  setBrowser(key: string, { origins, rateLimitPerMinute }: BrowserKeySettings): boolean {
    return this.stmt.setBrowser.run(JSON.stringify(origins), rateLimitPerMinute, key).changes > 0;
  }

  credential(key: string): StoredCredential | null {
    const row = this.stmt.credential.get(key);
    if (!row) return null;
    return {
      key: row.key,
      secretHash: row.secret_hash,
      revoked: row.revoked_at !== null,
      accountStatus: row.status,
      rateLimitPerMinute: row.account_limit,
      browser: browserOf(row),
    };
  }
}

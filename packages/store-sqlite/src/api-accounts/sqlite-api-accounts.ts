import type { SqliteDatabase } from '../store/sqlite-database';
import type { AccountStatus, ApiKeyKind, BrowserKeySettings, StoredCredential } from '@byline/domain/domain/types';
import type { StoredApiAccounts } from '@byline/domain/api-accounts/api-account-documents';

interface CredentialRow {
  key: string;
  account_id: number;
  secret_hash: string;
  revoked_at: string | null;
  retires_at: string | null;
  // Null when the key's account is gone (the LEFT JOIN): the credential check then knows the key as unknown.
  status: AccountStatus | null;
  account_limit: number | null;
  kind: ApiKeyKind;
  browser_origins: string | null;
  rate_limit_per_minute: number | null;
}

/** The credential check, on every request whose key is not cached: one read by the key's unique index. */
export const CREDENTIAL_SQL = `SELECT k.key, k.account_id, k.secret_hash, k.revoked_at, k.retires_at, a.status, a.rate_limit_per_minute AS account_limit,
  k.kind, k.browser_origins, k.rate_limit_per_minute
  FROM api_keys k LEFT JOIN accounts a ON a.id = k.account_id WHERE k.key = ?`;

const browserOf = (row: Pick<CredentialRow, 'kind' | 'browser_origins' | 'rate_limit_per_minute'>): BrowserKeySettings | null =>
  row.kind === 'browser'
    ? { origins: JSON.parse(row.browser_origins ?? '[]') as string[], rateLimitPerMinute: row.rate_limit_per_minute! }
    : null;

/**
 * What the embedded store keeps of the API accounts by hand (their documents are SqliteDocuments over
 * sqlite-api-account-tables.ts): the credential reads, one statement each, and an account's web origins, rows of
 * api_account_origins (migration 018) in the order set.
 */
export class SqliteStoredApiAccounts implements StoredApiAccounts {
  private readonly stmt;

  constructor(private readonly database: SqliteDatabase) {
    this.stmt = {
      originsOfAccount: database
        .prepare<[number], string>('SELECT origin FROM api_account_origins WHERE account_id = ? ORDER BY position')
        .pluck(),
      clearOrigins: database.prepare<[number]>('DELETE FROM api_account_origins WHERE account_id = ?'),
      insertOrigin: database.prepare<[number, number, string]>(
        'INSERT INTO api_account_origins (account_id, position, origin) VALUES (?, ?, ?)',
      ),
      credential: database.prepare<[string], CredentialRow>(CREDENTIAL_SQL),
      // A rotated browser key's successor has its origins: the old one's add nothing, and end with it.
      allOrigins: database
        .prepare<[], string>(
          `SELECT origin FROM api_account_origins
           UNION SELECT j.value FROM api_keys k, json_each(k.browser_origins) j WHERE k.kind = 'browser' AND k.revoked_at IS NULL
             AND k.retires_at IS NULL
           ORDER BY 1`,
        )
        .pluck(),
    };
  }

  originsOfAccount(accountId: number): Promise<string[]> {
    return this.database.read(() => this.stmt.originsOfAccount.all(accountId));
  }

  /** The old list deleted and the new one inserted in one transaction: a reader sees one list or the other. */
  setOriginsOfAccount(accountId: number, origins: readonly string[]): Promise<void> {
    return this.database.write(() => {
      this.stmt.clearOrigins.run(accountId);
      origins.forEach((origin, position) => this.stmt.insertOrigin.run(accountId, position, origin));
    });
  }

  findCredential(key: string): Promise<StoredCredential | null> {
    return this.database.read(() => {
      const row = this.stmt.credential.get(key);
      if (!row) return null;
      return {
        key: row.key,
        accountId: row.account_id,
        secretHash: row.secret_hash,
        revoked: row.revoked_at !== null,
        retiresAt: row.retires_at,
        accountStatus: row.status,
        rateLimitPerMinute: row.account_limit,
        browser: browserOf(row),
      };
    });
  }

  allAllowedOrigins(): Promise<string[]> {
    return this.database.read(() => this.stmt.allOrigins.all());
  }
}

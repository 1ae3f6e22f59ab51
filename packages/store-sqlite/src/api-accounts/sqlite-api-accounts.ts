import type { SqliteDatabase } from '../store/sqlite-database';
import { recordEventsNow } from '../webhook-events/sqlite-outbox';
import { apiKeyRevokedEvent } from '@byline/domain/webhook-events/webhook-event';
import type { AccountStatus, ApiKeyKind, ApiKeySummary, BrowserKeySettings, StoredCredential } from '@byline/domain/domain/types';
import {
  retirementOf,
  type ApiAccount,
  type NewApiKey,
  type RotationOverlap,
  type SuccessorKey,
} from '@byline/domain/api-accounts/api-accounts-repository';
import type { ApiAccountPorts } from '@byline/domain/api-accounts/api-account-ports';

/** A key's columns: its summary, with a browser key's origins still the stored JSON text. */
type KeyRow = Omit<ApiKeySummary, 'origins'> & { browser_origins: string | null };

interface AccountRow {
  email: string;
  status: string;
  created_at: string;
  rate_limit_per_minute: number | null;
}

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

const KEY_COLUMNS = `k.key, k.name, a.email, k.created_at, k.revoked_at, k.retires_at, k.last_used_at, k.kind, k.browser_origins,
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
    retires_at: row.retires_at,
    last_used_at: row.last_used_at,
    kind: row.kind,
    origins: browser?.origins ?? [],
    rate_limit_per_minute: browser?.rateLimitPerMinute ?? null,
  };
}

const toAccount = (row: AccountRow): ApiAccount => ({
  email: row.email,
  status: row.status,
  createdAt: row.created_at,
  rateLimitPerMinute: row.rate_limit_per_minute,
});

/**
 * API accounts in the embedded store: tables accounts, api_keys (a browser key's own origins in browser_origins,
 * migration 019) and api_account_origins (migration 018).
 */
export class SqliteApiAccounts implements ApiAccountPorts {
  private readonly stmt;

  constructor(private readonly database: SqliteDatabase) {
    this.stmt = {
      account: database.prepare<[string], AccountRow>(
        'SELECT email, status, created_at, rate_limit_per_minute FROM accounts WHERE email = ?',
      ),
      accountId: database.prepare<[string], number>('SELECT id FROM accounts WHERE email = ?').pluck(),
      openAccount: database.prepare<[string, string]>(
        'INSERT INTO accounts (email, created_at) VALUES (?, ?) ON CONFLICT (email) DO NOTHING',
      ),
      setStatus: database.prepare<[AccountStatus, string]>('UPDATE accounts SET status = ? WHERE email = ?'),
      setRateLimit: database.prepare<[number | null, string]>('UPDATE accounts SET rate_limit_per_minute = ? WHERE email = ?'),
      originsOfAccount: database
        .prepare<[number], string>('SELECT origin FROM api_account_origins WHERE account_id = ? ORDER BY position')
        .pluck(),
      clearOrigins: database.prepare<[number]>('DELETE FROM api_account_origins WHERE account_id = ?'),
      insertOrigin: database.prepare<[number, number, string]>(
        'INSERT INTO api_account_origins (account_id, position, origin) VALUES (?, ?, ?)',
      ),
      insertKey: database.prepare<[string, number, string, string, string, ApiKeyKind, string | null, number | null]>(
        `INSERT INTO api_keys (key, account_id, name, secret_hash, created_at, kind, browser_origins, rate_limit_per_minute)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      keysOf: database.prepare<[string], KeyRow>(
        `SELECT ${KEY_COLUMNS} FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE a.email = ? ORDER BY k.id`,
      ),
      keySummary: database.prepare<[string], KeyRow>(
        `SELECT ${KEY_COLUMNS} FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key = ?`,
      ),
      activeKeyAccount: database
        .prepare<[string], number>('SELECT account_id FROM api_keys WHERE key = ? AND revoked_at IS NULL AND retires_at IS NULL')
        .pluck(),
      retireKey: database.prepare<[string, string]>('UPDATE api_keys SET retires_at = ? WHERE key = ?'),
      revokeKey: database.prepare<[string, string]>('UPDATE api_keys SET revoked_at = coalesce(revoked_at, ?) WHERE key = ?'),
      setBrowserKey: database.prepare<[string, number, string]>(
        `UPDATE api_keys SET browser_origins = ?, rate_limit_per_minute = ? WHERE key = ? AND kind = 'browser'`,
      ),
      credential: database.prepare<[string], CredentialRow>(CREDENTIAL_SQL),
      keyOrigins: database.prepare<[string], { account_id: number; kind: string; browser_origins: string | null }>(
        'SELECT account_id, kind, browser_origins FROM api_keys WHERE key = ?',
      ),
      anyActiveKey: database.prepare<[], number>('SELECT EXISTS (SELECT 1 FROM api_keys WHERE revoked_at IS NULL)').pluck(),
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

  openAccount(email: string, at: Date): Promise<ApiAccount> {
    return this.database.write(() => {
      this.stmt.openAccount.run(email, at.toISOString());
      return toAccount(this.stmt.account.get(email)!);
    });
  }

  findAccount(email: string): Promise<ApiAccount | null> {
    return this.database.read(() => {
      const row = this.stmt.account.get(email);
      return row ? toAccount(row) : null;
    });
  }

  setStatus(email: string, status: AccountStatus): Promise<boolean> {
    return this.database.write(() => this.stmt.setStatus.run(status, email).changes > 0);
  }

  setRateLimit(email: string, perMinute: number | null): Promise<boolean> {
    return this.database.write(() => this.stmt.setRateLimit.run(perMinute, email).changes > 0);
  }

  originsOf(email: string): Promise<string[] | null> {
    return this.database.read(() => {
      const id = this.stmt.accountId.get(email);
      return id === undefined ? null : this.stmt.originsOfAccount.all(id);
    });
  }

  setOrigins(email: string, origins: readonly string[]): Promise<boolean> {
    return this.database.write(() => {
      const id = this.stmt.accountId.get(email);
      if (id === undefined) return false;
      this.stmt.clearOrigins.run(id);
      origins.forEach((origin, position) => this.stmt.insertOrigin.run(id, position, origin));
      return true;
    });
  }

  createKey({ email, ...key }: NewApiKey, at: Date): Promise<ApiKeySummary> {
    return this.database.write(() => {
      const now = at.toISOString();
      const accountId = this.stmt.accountId.get(email) ?? Number(this.stmt.openAccount.run(email, now).lastInsertRowid);
      return this.insertKey(accountId, key, now);
    });
  }

  keysOf(email: string): Promise<ApiKeySummary[]> {
    return this.database.read(() => this.stmt.keysOf.all(email).map(toSummary));
  }

  /** The revocation of an active key writes its webhook event in the same transaction. */
  revokeKey(key: string, at: Date): Promise<boolean> {
    return this.database.write((db) => {
      const row = this.stmt.keySummary.get(key);
      if (!row) return false;
      if (row.revoked_at === null) {
        this.stmt.revokeKey.run(at.toISOString(), key);
        recordEventsNow(db, [apiKeyRevokedEvent(key, row.email, at)]);
      }
      return true;
    });
  }

  /** One transaction: the successor is inserted and the old key revoked (or given its end) together, or neither. */
  rotateKey(key: string, successor: SuccessorKey, overlap: RotationOverlap): Promise<ApiKeySummary | null> {
    return this.database.write((db) => {
      const accountId = this.stmt.activeKeyAccount.get(key);
      if (accountId === undefined) return null;
      const { at } = overlap;
      const now = at.toISOString();
      const created = this.insertKey(accountId, successor, now);
      const retiresAt = retirementOf(overlap);
      if (retiresAt === null) this.stmt.revokeKey.run(now, key);
      else this.stmt.retireKey.run(retiresAt, key);
      recordEventsNow(db, [apiKeyRevokedEvent(key, created.email, at)]);
      return created;
    });
  }

  setBrowserKey(key: string, { origins, rateLimitPerMinute }: BrowserKeySettings): Promise<boolean> {
    return this.database.write(() => this.stmt.setBrowserKey.run(JSON.stringify(origins), rateLimitPerMinute, key).changes > 0);
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

  originsOfKey(key: string): Promise<string[]> {
    return this.database.read(() => {
      const row = this.stmt.keyOrigins.get(key);
      if (!row) return [];
      return row.kind === 'browser'
        ? (JSON.parse(row.browser_origins ?? '[]') as string[])
        : this.stmt.originsOfAccount.all(row.account_id);
    });
  }

  allAllowedOrigins(): Promise<string[]> {
    return this.database.read(() => this.stmt.allOrigins.all());
  }

  hasActiveKey(): Promise<boolean> {
    return this.database.read(() => this.stmt.anyActiveKey.get() === 1);
  }

  /** Inside a write: the key on this account, as its summary. */
  private insertKey(accountId: number, { name, key, secretHash, browser }: SuccessorKey, now: string): ApiKeySummary {
    const origins = browser ? JSON.stringify(browser.origins) : null;
    const kind = browser ? 'browser' : 'server';
    this.stmt.insertKey.run(key, accountId, name, secretHash, now, kind, origins, browser?.rateLimitPerMinute ?? null);
    return toSummary(this.stmt.keySummary.get(key)!);
  }
}

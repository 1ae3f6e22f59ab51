import type { SqliteDatabase } from '../store/sqlite-database';
import type { StoredApiAccounts } from '@byline/domain/api-accounts/api-account-documents';

/**
 * What the embedded store keeps of the API accounts by hand (their documents are SqliteDocuments over
 * sqlite-api-account-tables.ts): an account's web origins, rows of api_account_origins (migration 018) in the order
 * set.
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
      allOrigins: database.prepare<[], string>('SELECT origin FROM api_account_origins').pluck(),
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

  allAccountOrigins(): Promise<string[]> {
    return this.database.read(() => this.stmt.allOrigins.all());
  }
}

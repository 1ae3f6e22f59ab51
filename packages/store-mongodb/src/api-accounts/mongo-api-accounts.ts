import type { MongoDatabase } from '../store/mongo-database';
import { collectionOf } from '../store/mongo-schema';
import type { StoredApiAccounts } from '@byline/domain/api-accounts/api-account-documents';

/**
 * What MongoDB keeps of the API accounts by hand (their documents are MongoDocuments over
 * mongo-api-account-collections.ts): an account's web origins, the array `allowed_origins` on the account, and
 * every origin a preflight may be granted.
 */
export class MongoStoredApiAccounts implements StoredApiAccounts {
  constructor(private readonly database: MongoDatabase) {}

  private get accounts() {
    return collectionOf(this.database.db, 'accounts');
  }
  private get apiKeys() {
    return collectionOf(this.database.db, 'apiKeys');
  }

  originsOfAccount(accountId: number): Promise<string[]> {
    return this.database.run(async () => {
      const account = await this.accounts.findOne({ _id: accountId }, { projection: { allowed_origins: 1 } });
      return account?.allowed_origins ?? [];
    });
  }

  setOriginsOfAccount(accountId: number, origins: readonly string[]): Promise<void> {
    return this.database.run(async () => {
      await this.accounts.updateOne({ _id: accountId }, { $set: { allowed_origins: [...origins] } });
    });
  }

  /** Accounts are few (one per customer), browser keys a few per account: read those with a list and merge. */
  allAllowedOrigins(): Promise<string[]> {
    return this.database.run(async () => {
      const [accounts, browserKeys] = await Promise.all([
        this.accounts.find({ allowed_origins: { $exists: true } }, { projection: { allowed_origins: 1 } }).toArray(),
        // A rotated browser key's successor has its origins: the old one's add nothing, and end with it.
        this.apiKeys
          .find({ kind: 'browser', revoked_at: null, retires_at: { $exists: false } }, { projection: { browser_origins: 1 } })
          .toArray(),
      ]);
      const origins = [
        ...accounts.flatMap((account) => account.allowed_origins ?? []),
        ...browserKeys.flatMap((doc) => doc.browser_origins ?? []),
      ];
      return [...new Set(origins)].sort();
    });
  }
}

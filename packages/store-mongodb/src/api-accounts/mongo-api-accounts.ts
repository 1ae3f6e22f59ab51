import type { MongoDatabase } from '../store/mongo-database';
import { collectionOf } from '../store/mongo-schema';
import type { StoredApiAccounts } from '@byline/domain/api-accounts/api-account-documents';

/**
 * What MongoDB keeps of the API accounts by hand (their documents are MongoDocuments over
 * mongo-api-account-collections.ts): an account's web origins, the array `allowed_origins` on the account.
 */
export class MongoStoredApiAccounts implements StoredApiAccounts {
  constructor(private readonly database: MongoDatabase) {}

  private get accounts() {
    return collectionOf(this.database.db, 'accounts');
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

  allAccountOrigins(): Promise<string[]> {
    return this.database.run(async () => {
      const accounts = this.accounts.find({ allowed_origins: { $exists: true } }, { projection: { allowed_origins: 1 } });
      return (await accounts.toArray()).flatMap((account) => account.allowed_origins ?? []);
    });
  }
}

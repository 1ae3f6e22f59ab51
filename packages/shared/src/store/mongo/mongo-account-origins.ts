import type { Db } from 'mongodb';
import { collectionOf } from './mongo-schema';

/** The account origins in MongoDB: `allowed_origins` on the account's document; called through the store's run(). */
export class MongoAccountOrigins {
  constructor(private readonly db: () => Db) {}

  private get accounts() {
    return collectionOf(this.db(), 'accounts');
  }

  async originsOf(email: string): Promise<string[] | null> {
    const account = await this.accounts.findOne({ email }, { projection: { allowed_origins: 1 } });
    return account ? (account.allowed_origins ?? []) : null;
  }

  async set(email: string, origins: readonly string[]): Promise<boolean> {
    return (await this.accounts.updateOne({ email }, { $set: { allowed_origins: [...origins] } })).matchedCount > 0;
  }

  async ofKey(key: string): Promise<string[]> {
    const doc = await collectionOf(this.db(), 'apiKeys').findOne({ key }, { projection: { account_id: 1 } });
    if (!doc) return [];
    const account = await this.accounts.findOne({ _id: doc.account_id }, { projection: { allowed_origins: 1 } });
    return account?.allowed_origins ?? [];
  }

  /** Accounts are few (one per customer): read those with a list and merge. */
  async all(): Promise<string[]> {
    const listing = await this.accounts
      .find({ allowed_origins: { $exists: true } }, { projection: { allowed_origins: 1 } })
      .toArray();
    return [...new Set(listing.flatMap((account) => account.allowed_origins ?? []))].sort();
  }
}

import type { Db } from 'mongodb';
import { collectionOf } from './mongo-schema';

/**
 * The web origins in MongoDB: `allowed_origins` on the account's document, a browser key's own `browser_origins`
 * on the key's; called through the store's run().
 */
export class MongoAccountOrigins {
  constructor(private readonly db: () => Db) {}

  private get accounts() {
    return collectionOf(this.db(), 'accounts');
  }
  private get apiKeys() {
    return collectionOf(this.db(), 'apiKeys');
  }

  async originsOf(email: string): Promise<string[] | null> {
    const account = await this.accounts.findOne({ email }, { projection: { allowed_origins: 1 } });
    return account ? (account.allowed_origins ?? []) : null;
  }

  async set(email: string, origins: readonly string[]): Promise<boolean> {
    return (await this.accounts.updateOne({ email }, { $set: { allowed_origins: [...origins] } })).matchedCount > 0;
  }

  async ofKey(key: string): Promise<string[]> {
    const doc = await this.apiKeys.findOne({ key }, { projection: { account_id: 1, kind: 1, browser_origins: 1 } });
    if (!doc) return [];
    if (doc.kind === 'browser') return doc.browser_origins ?? [];
    const account = await this.accounts.findOne({ _id: doc.account_id }, { projection: { allowed_origins: 1 } });
    return account?.allowed_origins ?? [];
  }

  /** Accounts are few (one per customer), browser keys a few per account: read those with a list and merge. */
  async all(): Promise<string[]> {
    const [accounts, browserKeys] = await Promise.all([
      this.accounts.find({ allowed_origins: { $exists: true } }, { projection: { allowed_origins: 1 } }).toArray(),
      this.apiKeys.find({ kind: 'browser', revoked_at: null }, { projection: { browser_origins: 1 } }).toArray(),
    ]);
    const origins = [
      ...accounts.flatMap((account) => account.allowed_origins ?? []),
      ...browserKeys.flatMap((key) => key.browser_origins ?? []),
    ];
    return [...new Set(origins)].sort();
  }
}

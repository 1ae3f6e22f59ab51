import type { MongoDatabase } from '../store/mongo-database';
import type { BrowserKeySettings, StoredCredential } from '@byline/domain/domain/types';
import { collectionOf, type ApiKeyDoc } from '../store/mongo-schema';
import type { StoredApiAccounts } from '@byline/domain/api-accounts/api-account-documents';

/** A document written before browser keys has no `kind`: a server key. */
const browserOf = (doc: ApiKeyDoc): BrowserKeySettings | null =>
  doc.kind === 'browser' ? { origins: doc.browser_origins ?? [], rateLimitPerMinute: doc.rate_limit_per_minute! } : null;

/**
 * What MongoDB keeps of the API accounts by hand (their documents are MongoDocuments over
 * mongo-api-account-collections.ts): the credential reads, with projections, and an account's web origins, the
 * array `allowed_origins` on the account.
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

  findCredential(key: string): Promise<StoredCredential | null> {
    return this.database.run(async () => {
      const doc = await this.apiKeys.findOne({ key });
      if (!doc) return null;
      const account = await this.accounts.findOne(
        { _id: doc.account_id },
        { projection: { status: 1, rate_limit_per_minute: 1 } },
      );
      return {
        key: doc.key,
        accountId: doc.account_id,
        secretHash: doc.secret_hash,
        revoked: doc.revoked_at !== null,
        retiresAt: doc.retires_at ?? null,
        accountStatus: account?.status ?? null,
        rateLimitPerMinute: account?.rate_limit_per_minute ?? null,
        browser: browserOf(doc),
      };
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

import type { Db } from 'mongodb';
import type { ApiKeySummary, BrowserKeySettings, StoredCredential } from '../../domain/types';
import type { NewApiKey } from '../store';
import { isDuplicateKey } from './mongo-errors';
import { withNewIds } from './mongo-ids';
import { COLLECTIONS, collectionOf, type ApiKeyDoc } from './mongo-schema';

/** A document written before browser keys has no `kind`: a server key. */
const browserOf = (doc: ApiKeyDoc): BrowserKeySettings | null =>
  doc.kind === 'browser' ? { origins: doc.browser_origins ?? [], rateLimitPerMinute: doc.rate_limit_per_minute! } : null;

function toSummary(doc: ApiKeyDoc, email: string): ApiKeySummary {
  const browser = browserOf(doc);
  return {
    key: doc.key,
    name: doc.name,
    email,
    created_at: doc.created_at,
    revoked_at: doc.revoked_at,
    last_used_at: doc.last_used_at,
    kind: browser ? 'browser' : 'server',
    origins: browser?.origins ?? [],
    rate_limit_per_minute: browser?.rateLimitPerMinute ?? null,
  };
}

/** The API keys in MongoDB (collections accounts and api_keys); called through the store's run(). */
export class MongoApiKeys {
  constructor(private readonly db: () => Db) {}

  private get accounts() {
    return collectionOf(this.db(), 'accounts');
  }
  private get apiKeys() {
    return collectionOf(this.db(), 'apiKeys');
  }

  /** The account's id, inserting it when missing; a concurrent insert of the same email wins and is reused. */
  private async accountId(email: string, now: string): Promise<number> {
    const find = async () => (await this.accounts.findOne({ email }, { projection: { _id: 1 } }))?._id;
    return withNewIds(this.db(), COLLECTIONS.accounts, async () => {
      const existing = await find();
      return {
        count: existing === undefined ? 1 : 0,
        write: async (id) => {
          if (existing !== undefined) return existing;
          try {
            await this.accounts.insertOne({ _id: id, email, status: 'active', created_at: now });
            return id;
          } catch (error) {
            // The email taken meanwhile: use that account. Otherwise the id was taken: withNewIds retries.
            const winner = isDuplicateKey(error) ? await find() : undefined;
            if (winner === undefined) throw error;
            return winner;
          }
        },
      };
    });
  }

  async create({ email, name, key, secretHash, browser }: NewApiKey): Promise<ApiKeySummary> {
    const now = new Date().toISOString();
    const accountId = await this.accountId(email, now);
    const doc = await withNewIds(this.db(), COLLECTIONS.apiKeys, async () => ({
      count: 1,
      write: async (id) => {
        const doc: ApiKeyDoc = {
          _id: id,
          key,
          account_id: accountId,
          name,
          secret_hash: secretHash,
          created_at: now,
          revoked_at: null,
          last_used_at: null,
          ...(browser
            ? { kind: 'browser', browser_origins: [...browser.origins], rate_limit_per_minute: browser.rateLimitPerMinute }
            : {}),
        };
        await this.apiKeys.insertOne(doc);
        return doc;
      },
    }));
    return toSummary(doc, email);
  }

  async list(email: string): Promise<ApiKeySummary[]> {
    const account = await this.accounts.findOne({ email });
    if (!account) return [];
    const keys = await this.apiKeys.find({ account_id: account._id }).sort({ _id: 1 }).toArray();
    return keys.map((doc) => toSummary(doc, account.email));
  }

  async revoke(key: string): Promise<boolean> {
    const now = new Date().toISOString();
    // Keep the first revocation time: only a key not yet revoked gets one.
    const revoked = await this.apiKeys.updateOne({ key, revoked_at: null }, { $set: { revoked_at: now } });
    if (revoked.matchedCount > 0) return true;
    return (await this.apiKeys.countDocuments({ key }, { limit: 1 })) > 0;
  }

  async setBrowser(key: string, { origins, rateLimitPerMinute }: BrowserKeySettings): Promise<boolean> {
    const set = { browser_origins: [...origins], rate_limit_per_minute: rateLimitPerMinute };
    return (await this.apiKeys.updateOne({ key, kind: 'browser' }, { $set: set })).matchedCount > 0;
  }

  async credential(key: string): Promise<StoredCredential | null> {
    const doc = await this.apiKeys.findOne({ key });
    if (!doc) return null;
    const account = await this.accounts.findOne({ _id: doc.account_id }, { projection: { status: 1, rate_limit_per_minute: 1 } });
    return {
      key: doc.key,
      secretHash: doc.secret_hash,
      revoked: doc.revoked_at !== null,
      accountStatus: account?.status ?? 'suspended',
      rateLimitPerMinute: account?.rate_limit_per_minute ?? null,
      browser: browserOf(doc),
    };
  }
}

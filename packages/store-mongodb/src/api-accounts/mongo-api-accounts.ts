import type { MongoDatabase } from '../store/mongo-database';
import { pushEvents } from '../webhook-events/mongo-outbox';
import { apiKeyRevokedEvent } from '@byline/domain/webhook-events/webhook-event';
import type { AccountStatus, ApiKeySummary, BrowserKeySettings, StoredCredential } from '@byline/domain/domain/types';
import { isDuplicateKey } from '../store/mongo-errors';
import { serialised, withNewIds } from '../store/mongo-ids';
import { COLLECTIONS, collectionOf, type AccountDoc, type ApiKeyDoc } from '../store/mongo-schema';
import {
  retirementOf,
  type ApiAccount,
  type NewApiKey,
  type RotationOverlap,
  type SuccessorKey,
} from '@byline/domain/api-accounts/api-accounts-repository';
import type { ApiAccountPorts } from '@byline/domain/api-accounts/api-account-ports';

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
    retires_at: doc.retires_at ?? null,
    last_used_at: doc.last_used_at,
    kind: browser ? 'browser' : 'server',
    origins: browser?.origins ?? [],
    rate_limit_per_minute: browser?.rateLimitPerMinute ?? null,
  };
}

const toAccount = (doc: AccountDoc): ApiAccount => ({
  email: doc.email,
  status: doc.status,
  createdAt: doc.created_at,
  rateLimitPerMinute: doc.rate_limit_per_minute ?? null,
});

/**
 * API accounts in MongoDB: collections accounts (an account's web origins in `allowed_origins`) and api_keys (a
 * browser key's own in `browser_origins`). No transactions: rotateKey says the order of its writes.
 */
export class MongoApiAccounts implements ApiAccountPorts {
  constructor(private readonly database: MongoDatabase) {}

  private get accounts() {
    return collectionOf(this.database.db, 'accounts');
  }
  private get apiKeys() {
    return collectionOf(this.database.db, 'apiKeys');
  }

  openAccount(email: string, at: Date): Promise<ApiAccount> {
    return this.database.run(async () => {
      await this.accountId(email, at.toISOString());
      return toAccount((await this.accounts.findOne({ email }))!);
    });
  }

  findAccount(email: string): Promise<ApiAccount | null> {
    return this.database.run(async () => {
      const doc = await this.accounts.findOne({ email });
      return doc ? toAccount(doc) : null;
    });
  }

  setStatus(email: string, status: AccountStatus): Promise<boolean> {
    return this.database.run(async () => (await this.accounts.updateOne({ email }, { $set: { status } })).matchedCount > 0);
  }

  setRateLimit(email: string, perMinute: number | null): Promise<boolean> {
    return this.database.run(
      async () => (await this.accounts.updateOne({ email }, { $set: { rate_limit_per_minute: perMinute } })).matchedCount > 0,
    );
  }

  originsOf(email: string): Promise<string[] | null> {
    return this.database.run(async () => {
      const account = await this.accounts.findOne({ email }, { projection: { allowed_origins: 1 } });
      return account ? (account.allowed_origins ?? []) : null;
    });
  }

  setOrigins(email: string, origins: readonly string[]): Promise<boolean> {
    return this.database.run(
      async () => (await this.accounts.updateOne({ email }, { $set: { allowed_origins: [...origins] } })).matchedCount > 0,
    );
  }

  createKey({ email, ...key }: NewApiKey, at: Date): Promise<ApiKeySummary> {
    return this.database.run(async () => {
      const now = at.toISOString();
      return toSummary(await this.insertKey(await this.accountId(email, now), key, now), email);
    });
  }

  keysOf(email: string): Promise<ApiKeySummary[]> {
    return this.database.run(async () => {
      const account = await this.accounts.findOne({ email });
      if (!account) return [];
      const keys = await this.apiKeys.find({ account_id: account._id }).sort({ _id: 1 }).toArray();
      return keys.map((doc) => toSummary(doc, account.email));
    });
  }

  revokeKey(key: string, at: Date): Promise<boolean> {
    return this.database.run(async () => {
      const found = await this.apiKeys.findOne({ key }, { projection: { account_id: 1, revoked_at: 1 } });
      if (!found) return false;
      if (found.revoked_at !== null) return true;
      const account = await this.accounts.findOne({ _id: found.account_id }, { projection: { email: 1 } });
      await this.revokeIfActive(key, at, account?.email ?? '');
      return true;
    });
  }

  /**
   * Two single-document writes, the successor inserted first and the old key revoked second: an interruption
   * between them leaves both keys working, never none, so the account is never locked out (the successor's secret
   * was never shown: it is in the reply that did not go out). When the old key was revoked meanwhile (a
   * concurrent rotation or revocation came first), the successor is deleted again, so one rotation of a key
   * leaves one successor. FerretDB 1.x applies the conditional revocation as read-then-write (FerretDB#3040), so
   * rotations are also serialised in this process; on FerretDB, rotations of one key from two processes at the
   * same instant can still both succeed.
   */
  rotateKey(key: string, successor: SuccessorKey, overlap: RotationOverlap): Promise<ApiKeySummary | null> {
    return this.database.run(() => serialised(this.database.db, 'key-rotation', () => this.rotate(key, successor, overlap)));
  }

  /** The old key's end (revoked now, or its retirement) and its event, in one conditional single-document update. */
  private async endRotated(key: string, at: Date, email: string, retiresAt: string | null): Promise<boolean> {
    if (retiresAt === null) return this.revokeIfActive(key, at, email);
    const update = { $set: { retires_at: retiresAt }, ...pushEvents([apiKeyRevokedEvent(key, email, at)]) };
    return (await this.apiKeys.updateOne({ key, revoked_at: null, retires_at: { $exists: false } }, update)).matchedCount > 0;
  }

  private async rotate(key: string, successor: SuccessorKey, overlap: RotationOverlap): Promise<ApiKeySummary | null> {
    const current = await this.apiKeys.findOne({ key, revoked_at: null }, { projection: { account_id: 1, retires_at: 1 } });
    // A key already rotated away (retiring) is not rotated again: its successor is the one to rotate.
    if (!current || typeof current.retires_at === 'string') return null;
    const account = await this.accounts.findOne({ _id: current.account_id }, { projection: { email: 1 } });
    if (!account) return null;
    const { at } = overlap;
    const now = at.toISOString();
    const created = await this.insertKey(current.account_id, successor, now);
    if (!(await this.endRotated(key, at, account.email, retirementOf(overlap)))) {
      await this.apiKeys.deleteOne({ key: successor.key });
      return null;
    }
    return toSummary(created, account.email);
  }

  setBrowserKey(key: string, { origins, rateLimitPerMinute }: BrowserKeySettings): Promise<boolean> {
    const set = { browser_origins: [...origins], rate_limit_per_minute: rateLimitPerMinute };
    return this.database.run(
      async () => (await this.apiKeys.updateOne({ key, kind: 'browser' }, { $set: set })).matchedCount > 0,
    );
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

  originsOfKey(key: string): Promise<string[]> {
    return this.database.run(async () => {
      const doc = await this.apiKeys.findOne({ key }, { projection: { account_id: 1, kind: 1, browser_origins: 1 } });
      if (!doc) return [];
      if (doc.kind === 'browser') return doc.browser_origins ?? [];
      const account = await this.accounts.findOne({ _id: doc.account_id }, { projection: { allowed_origins: 1 } });
      return account?.allowed_origins ?? [];
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

  hasActiveKey(): Promise<boolean> {
    return this.database.run(async () => (await this.apiKeys.findOne({ revoked_at: null }, { projection: { _id: 1 } })) !== null);
  }

  /** Keeps the first revocation time: only a key not yet revoked gets one. false when no active key was revoked. */
  /** The revocation and its webhook event in one single-document update (see mongo-outbox.ts). */
  private async revokeIfActive(key: string, at: Date, email: string): Promise<boolean> {
    const update = { $set: { revoked_at: at.toISOString() }, ...pushEvents([apiKeyRevokedEvent(key, email, at)]) };
    return (await this.apiKeys.updateOne({ key, revoked_at: null }, update)).matchedCount > 0;
  }

  /** The account's id, inserting it when missing; a concurrent insert of the same email wins and is reused. */
  private async accountId(email: string, now: string): Promise<number> {
    const find = async () => (await this.accounts.findOne({ email }, { projection: { _id: 1 } }))?._id;
    return withNewIds(this.database.db, COLLECTIONS.accounts, async () => {
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

  private insertKey(accountId: number, { name, key, secretHash, browser }: SuccessorKey, now: string): Promise<ApiKeyDoc> {
    return withNewIds(this.database.db, COLLECTIONS.apiKeys, async () => ({
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
  }
}

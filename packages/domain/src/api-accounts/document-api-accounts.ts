import type { AccountStatus, ApiKeySummary, BrowserKeySettings, StoredCredential } from '../domain/types';
import { UniqueTakenError, type Documents } from '../documents/documents';
import { apiKeyRevokedEvent } from '../webhook-events/webhook-event';
import type { ApiAccountPorts } from './api-account-ports';
import {
  retirementOf,
  type ApiAccount,
  type NewApiKey,
  type RotationOverlap,
  type SuccessorKey,
} from './api-accounts-repository';
import {
  asAccount,
  asSummary,
  newKeyDocument,
  type AccountDocument,
  type ApiKeyDocument,
  type StoredApiAccounts,
} from './api-account-documents';

/** A key that still works and was not rotated away: the only one a rotation replaces. */
const unrotated = (key: string) => ({ key, revokedAt: null, retiresAt: null });

/**
 * API accounts and their keys, written once over the generic document port (each database's adapter only stores
 * them); the credential reads and an account's web origins are the database's own (see StoredApiAccounts).
 */
export class DocumentApiAccounts implements ApiAccountPorts {
  constructor(
    private readonly accounts: Documents<AccountDocument, Omit<AccountDocument, 'id'>>,
    private readonly keys: Documents<ApiKeyDocument, Omit<ApiKeyDocument, 'id'>>,
    private readonly stored: StoredApiAccounts,
  ) {}

  async openAccount(email: string, at: Date): Promise<ApiAccount> {
    return asAccount(await this.accountOf(email, at));
  }

  async findAccount(email: string): Promise<ApiAccount | null> {
    const found = await this.accounts.first({ email });
    return found && asAccount(found);
  }

  async setStatus(email: string, status: AccountStatus): Promise<boolean> {
    return (await this.accounts.updateFirst({ email }, { status })) !== null;
  }

  async setRateLimit(email: string, perMinute: number | null): Promise<boolean> {
    return (await this.accounts.updateFirst({ email }, { rateLimitPerMinute: perMinute })) !== null;
  }

  async originsOf(email: string): Promise<string[] | null> {
    const account = await this.accounts.first({ email });
    return account && this.stored.originsOfAccount(account.id);
  }

  async setOrigins(email: string, origins: readonly string[]): Promise<boolean> {
    const account = await this.accounts.first({ email });
    if (!account) return false;
    await this.stored.setOriginsOfAccount(account.id, origins);
    return true;
  }

  /** The account first, then the key: interrupted in between, an account with no key is left, as openAccount makes. */
  async createKey({ email, ...key }: NewApiKey, at: Date): Promise<ApiKeySummary> {
    const account = await this.accountOf(email, at);
    return asSummary(await this.keys.insert(newKeyDocument(account.id, key, at)), email);
  }

  async keysOf(email: string): Promise<ApiKeySummary[]> {
    const account = await this.accounts.first({ email });
    if (!account) return [];
    return (await this.keys.all({ accountId: account.id })).map((key) => asSummary(key, email));
  }

  /** One write conditional on "not yet revoked", with its api_key.revoked event: the first revocation time stays. */
  async revokeKey(key: string, at: Date): Promise<boolean> {
    const found = await this.keys.first({ key });
    if (!found) return false;
    if (found.revokedAt !== null) return true;
    const email = (await this.accounts.first({ id: found.accountId }))?.email ?? '';
    await this.keys.updateFirst({ key, revokedAt: null }, { revokedAt: at.toISOString() }, [apiKeyRevokedEvent(key, email, at)]);
    return true;
  }

  /*
   * The successor first, then the old key's end with its event, in one write conditional on the old key being still
   * unrotated: an interruption between them leaves both keys working, never none, so the account is never locked out
   * (the successor's secret was never shown: it is in the reply that did not go out). When the old key was revoked or
   * rotated meanwhile (a concurrent rotation came first), the successor is deleted again, so one rotation of a key
   * leaves one successor.
   */
  async rotateKey(key: string, successor: SuccessorKey, overlap: RotationOverlap): Promise<ApiKeySummary | null> {
    const current = await this.keys.first(unrotated(key));
    const account = current && (await this.accounts.first({ id: current.accountId }));
    if (!current || !account) return null;
    const { at } = overlap;
    const created = await this.keys.insert(newKeyDocument(current.accountId, successor, at));
    const retiresAt = retirementOf(overlap);
    const end = retiresAt === null ? { revokedAt: at.toISOString() } : { retiresAt };
    if (!(await this.keys.updateFirst(unrotated(key), end, [apiKeyRevokedEvent(key, account.email, at)]))) {
      await this.keys.deleteAll({ key: successor.key });
      return null;
    }
    return asSummary(created, account.email);
  }

  /** A server key stays one: only a browser key's settings change. */
  async setBrowserKey(key: string, { origins, rateLimitPerMinute }: BrowserKeySettings): Promise<boolean> {
    const changed = await this.keys.updateFirst({ key, kind: 'browser' }, { browserOrigins: [...origins], rateLimitPerMinute });
    return changed !== null;
  }

  async hasActiveKey(): Promise<boolean> {
    return (await this.keys.first({ revokedAt: null })) !== null;
  }

  /**
   * The credential check's read, on every request whose key is not cached: the key by its unique index, then its
   * account by its id. Null when no key has this value; a key whose account is gone has no account status, and the
   * credential check then knows it as unknown.
   */
  async findCredential(key: string): Promise<StoredCredential | null> {
    const found = await this.keys.first({ key });
    if (!found) return null;
    const account = await this.accounts.first({ id: found.accountId });
    return {
      key: found.key,
      accountId: found.accountId,
      secretHash: found.secretHash,
      revoked: found.revokedAt !== null,
      retiresAt: found.retiresAt,
      accountStatus: account?.status ?? null,
      rateLimitPerMinute: account?.rateLimitPerMinute ?? null,
      browser:
        found.kind === 'browser' ? { origins: found.browserOrigins ?? [], rateLimitPerMinute: found.rateLimitPerMinute! } : null,
    };
  }

  /** A browser key's own origins, else its account's: a server key may be used wherever its account allows. */
  async originsOfKey(key: string): Promise<string[]> {
    const found = await this.keys.first({ key });
    if (!found) return [];
    return found.kind === 'browser' ? (found.browserOrigins ?? []) : this.stored.originsOfAccount(found.accountId);
  }

  async allAllowedOrigins(): Promise<string[]> {
    const [ofAccounts, browserKeys] = await Promise.all([
      this.stored.allAccountOrigins(),
      // A rotated browser key's successor has its origins: the old one's add nothing, and end with it.
      this.keys.all({ kind: 'browser', revokedAt: null, retiresAt: null }),
    ]);
    const ofKeys = browserKeys.flatMap((found) => found.browserOrigins ?? []);
    // Origins are ASCII (normaliseOrigin keeps url.origin, its host in punycode): code-unit order is code-point order.
    return [...new Set([...ofAccounts, ...ofKeys])].sort();
  }

  /** The account for this email, opened `at` when there is none; of concurrent openings, the first one's. */
  private async accountOf(email: string, at: Date): Promise<AccountDocument> {
    const found = await this.accounts.first({ email });
    if (found) return found;
    try {
      return await this.accounts.insert({ email, status: 'active', createdAt: at.toISOString(), rateLimitPerMinute: null });
    } catch (error) {
      const winner = error instanceof UniqueTakenError && error.field === 'email' && (await this.accounts.first({ email }));
      if (winner) return winner;
      throw error;
    }
  }
}

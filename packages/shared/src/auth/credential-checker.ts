import type { StoredCredential } from '@byline/domain/domain/types';
import type { ApiCredentials } from '@byline/domain/api-accounts/api-credentials-repository';
import { secretMatches, storedBytes } from './key-material';

export type CredentialVerdict = 'valid' | 'invalid' | 'suspended';

interface CacheEntry<T> {
  value: T;
  expiresAt: number;
}

/** A credential read, with its secret's hash decoded once for every request the read serves. */
interface CredentialEntry extends CacheEntry<StoredCredential | null> {
  secretBytes: Buffer | null;
}

const MAX_CACHE_ENTRIES = 10_000;

/**
 * Checks a key and secret against the API accounts. A credential read is reused for at most `ttlMs` (capped
 * well under the 5-second revocation bound), so a key revoked anywhere stops working here within that
 * time without a store round trip on every request.
 */
export class CredentialChecker {
  private readonly cache = new Map<string, CredentialEntry>();
  private readonly originsCache = new Map<string, CacheEntry<readonly string[]>>();

  /** The store's change generation the cached reads were made at (see `changes`). */
  private generation: number | undefined;

  /**
   * `changes`, when given, is the store's change generation (Store.answersGeneration): a write committed since the
   * cached reads (a revocation, a suspension) empties the cache at the next turn, so the TTL only bounds a change the
   * generation cannot see (another store's, a test double's).
   */
  constructor(
    private readonly credentials: Pick<ApiCredentials, 'findCredential' | 'originsOfKey'>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly changes?: () => number | Promise<number>,
  ) {}

  async check(key: string, secret: string): Promise<CredentialVerdict> {
    const credential = await this.checked(key, secret);
    if (!credential) return 'invalid';
    return credential.accountStatus === 'suspended' ? 'suspended' : 'valid';
  }

  /**
   * The key's credential when the secret matches and the key is neither revoked nor retired (a rotated key's
   * overlap has passed) nor left without its account (a key of an account that is gone is unknown), null otherwise: with its account's status and limit and, for a browser key, its own
   * origins and limit, so a request needs no other read. The retirement is compared with the clock on every check,
   * not when the credential was read, so a cached read never stretches the overlap.
   */
  async checked(key: string, secret: string): Promise<StoredCredential | null> {
    const { value: credential, secretBytes } = await this.lookup(key);
    if (!credential || credential.accountStatus === null || credential.revoked || this.retired(credential)) return null;
    return secretMatches(secretBytes ?? credential.secretHash, key, secret) ? credential : null;
  }

  private retired({ retiresAt }: StoredCredential): boolean {
    return retiresAt !== null && Date.parse(retiresAt) <= this.now();
  }

  /**
   * The web origins a server key's account allows (CORS), through a cache like the credential's; read only for
   * requests with Origin. (A browser key's own origins come with its credential.)
   */
  async originsOf(key: string): Promise<readonly string[]> {
    if (this.ttlMs <= 0) return this.credentials.originsOfKey(key);
    const following = this.followChanges();
    if (following) await following;
    const now = this.now();
    const cached = this.originsCache.get(key);
    if (cached && cached.expiresAt > now) return cached.value;
    const origins = await this.credentials.originsOfKey(key);
    if (this.originsCache.size >= MAX_CACHE_ENTRIES) this.originsCache.clear();
    this.originsCache.set(key, { value: origins, expiresAt: now + this.ttlMs });
    return origins;
  }

  // Written out rather than shared with originsOf: a closure per call would be an allocation on every request.
  private async lookup(key: string): Promise<CredentialEntry> {
    if (this.ttlMs <= 0) return { value: await this.credentials.findCredential(key), expiresAt: 0, secretBytes: null };
    const following = this.followChanges();
    if (following) await following;
    const now = this.now();
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > now) return cached;
    const credential = await this.credentials.findCredential(key);
    if (this.cache.size >= MAX_CACHE_ENTRIES) this.cache.clear();
    const entry = {
      value: credential,
      expiresAt: now + this.ttlMs,
      secretBytes: credential && storedBytes(credential.secretHash),
    };
    this.cache.set(key, entry);
    return entry;
  }

  /**
   * Forgets every cached read when the store has changed since they were made: at once for a generation that comes as
   * a number (SQLite's), so that no promise is awaited per request; a promise only for one that comes as one.
   */
  private followChanges(): Promise<void> | undefined {
    const read = this.changes?.();
    if (read === undefined) return undefined;
    if (typeof read !== 'number') return read.then((generation) => this.forgetIfMoved(generation));
    this.forgetIfMoved(read);
    return undefined;
  }

  private forgetIfMoved(generation: number): void {
    if (generation === this.generation) return;
    this.generation = generation;
    this.cache.clear();
    this.originsCache.clear();
  }
}

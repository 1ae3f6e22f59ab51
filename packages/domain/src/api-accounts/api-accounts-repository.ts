import type { AccountStatus, ApiKeySummary, BrowserKeySettings, StoredCredential } from '../domain/types';

/** An API account: the customer the keys belong to, found by email (a portal user's email links to it). */
export interface ApiAccount {
  email: string;
  status: string;
  createdAt: string;
  /** The account's own requests per minute; null: the services' default (RATE_LIMIT_PER_MINUTE). */
  rateLimitPerMinute: number | null;
}

export interface NewApiKey {
  email: string;
  name: string;
  key: string;
  secretHash: string;
  /** Makes a browser key with these settings; a server key without. */
  browser?: BrowserKeySettings;
}

/** The key that takes a rotated key's place, on the same account (see ApiAccounts.rotateKey). */
export type SuccessorKey = Omit<NewApiKey, 'email'>;

/** When a rotation happens, and until when the old key keeps working (none, or not after `at`: cut at once). */
export interface RotationOverlap {
  at: Date;
  until?: Date;
}

/** The old key's end written by a rotation: null when it is cut at once (revoked), else when it retires. */
export const retirementOf = (overlap: RotationOverlap): string | null =>
  overlap.until && overlap.until.getTime() > overlap.at.getTime() ? overlap.until.toISOString() : null;

/**
 * API accounts and their keys: what a credential check reads (the verifiers' hot path: findCredential is one
 * indexed read), what the CLI and the portal's API settings change. Web origins (CORS) are stored normalised
 * (see normaliseOriginList), in the order given. The times written (an account's or key's creation, a revocation)
 * are the caller's `at`: the stores never read the clock.
 */
export interface ApiAccounts {
  /** Opens the account for this email, created `at`, if there is none. */
  openAccount(email: string, at: Date): Promise<ApiAccount>;
  findAccount(email: string): Promise<ApiAccount | null>;
  /** false when no account has that email. */
  setStatus(email: string, status: AccountStatus): Promise<boolean>;
  /** Sets the account's requests-per-minute limit (null: back to the default); false when no account has that email. */
  setRateLimit(email: string, perMinute: number | null): Promise<boolean>;
  /** The account's web origins; null when no account has that email. */
  originsOf(email: string): Promise<string[] | null>;
  /** Replaces the account's web origins (an empty list: none); false when no account has that email. */
  setOrigins(email: string, origins: readonly string[]): Promise<boolean>;

  /** Opens the account for this email if needed, then creates the key; both created `at`. */
  createKey(key: NewApiKey, at: Date): Promise<ApiKeySummary>;
  /** The account's keys, oldest first; [] when no account has that email. */
  keysOf(email: string): Promise<ApiKeySummary[]>;
  /** Marks a key revoked `at`, keeping the first revocation time; false when no such key exists. */
  revokeKey(key: string, at: Date): Promise<boolean>;
  /**
   * Replaces an active key by `successor` on its account, as one change at `overlap.at` (the successor's creation,
   * the old key's revocation and its event): afterwards the successor works and the old key is revoked, or, with `overlap.until` later than `overlap.at`, keeps working until then (retires_at) so
   * its callers can swap secrets. Either way the old key is rotated away: it is not rotated again, and its
   * api_key.revoked event is written. null, and nothing written, when the key is unknown, revoked or already
   * rotated away (so of two concurrent rotations of one key, one succeeds).
   */
  rotateKey(key: string, successor: SuccessorKey, overlap: RotationOverlap): Promise<ApiKeySummary | null>;
  /** Replaces a browser key's origins and limit; false when no browser key has that key (a server key stays one). */
  setBrowserKey(key: string, settings: BrowserKeySettings): Promise<boolean>;
  /** What a credential check needs, in one read: the key's hash, revocation, account status and limits. */
  findCredential(key: string): Promise<StoredCredential | null>;
  /** The origins this key may be used from: a browser key's own, else its account's; [] for an unknown key. */
  originsOfKey(key: string): Promise<string[]>;
  /**
   * Every origin some account or some unrevoked browser key not rotated away allows (its successor has its origins), each once, in code-point order: what a
   * preflight, which carries no key, may be granted.
   */
  allAllowedOrigins(): Promise<string[]>;
  /** Whether any account has a key not revoked (what `npm start` asks before telling a newcomer to create one). */
  hasActiveKey(): Promise<boolean>;
}

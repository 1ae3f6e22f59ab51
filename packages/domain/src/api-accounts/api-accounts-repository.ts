import type { AccountStatus, BrowserKeySettings } from '../domain/types';

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

/** The key that takes a rotated key's place, on the same account (see ApiKeys.rotateKey). */
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
 * API accounts: the customers keys belong to, as the CLI and the portal's API settings change them, with the web
 * origins (CORS) their server keys may be used from, stored normalised (see normaliseOriginList) in the order given.
 * The times written are the caller's `at`: the stores never read the clock. Their keys are ApiKeys; what a verifier
 * reads of both is ApiCredentials.
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
}

import type { AccountStatus, ApiKeyKind, ApiKeySummary } from '../domain/types';
import type { ApiAccount, SuccessorKey } from './api-accounts-repository';

/** An API account as the generic document port stores it (its web origins apart: see StoredApiAccounts). */
export type AccountDocument = {
  id: number;
  email: string;
  status: AccountStatus;
  createdAt: string;
  rateLimitPerMinute: number | null;
};

/** An API key as the generic document port stores it. */
export type ApiKeyDocument = {
  id: number;
  key: string;
  accountId: number;
  name: string;
  secretHash: string;
  createdAt: string;
  revokedAt: string | null;
  /** A rotated key's end while it keeps working beside its successor; null for a key not rotated away. */
  retiresAt: string | null;
  lastUsedAt: string | null;
  kind: ApiKeyKind;
  /** A browser key's own web origins; null for a server key. */
  browserOrigins: string[] | null;
  /** A browser key's own requests per minute; null for a server key. */
  rateLimitPerMinute: number | null;
};

/**
 * What each database keeps of the API accounts by hand: an account's web origins, which sit differently in each (a
 * table of their own on SQLite, an array on the account in MongoDB).
 */
export interface StoredApiAccounts {
  /** Every account's web origins, in any order, repeats allowed. */
  allAccountOrigins(): Promise<string[]>;
  /** The account's web origins, in the order set ([] for none). */
  originsOfAccount(accountId: number): Promise<string[]>;
  /** Replaces the account's web origins whole. */
  setOriginsOfAccount(accountId: number, origins: readonly string[]): Promise<void>;
}

export const asAccount = ({ email, status, createdAt, rateLimitPerMinute }: AccountDocument): ApiAccount => ({
  email,
  status,
  createdAt,
  rateLimitPerMinute,
});

/** The key as its owner lists it: a server key's origins and limit are its account's, so none of its own. */
export const asSummary = (key: ApiKeyDocument, email: string): ApiKeySummary => ({
  key: key.key,
  name: key.name,
  email,
  created_at: key.createdAt,
  revoked_at: key.revokedAt,
  retires_at: key.retiresAt,
  last_used_at: key.lastUsedAt,
  kind: key.kind,
  origins: key.kind === 'browser' ? (key.browserOrigins ?? []) : [],
  rate_limit_per_minute: key.kind === 'browser' ? key.rateLimitPerMinute : null,
});

/** A new key on this account, created `at`: a browser key with its settings, else a server key. */
export const newKeyDocument = (
  accountId: number,
  { name, key, secretHash, browser }: SuccessorKey,
  at: Date,
): Omit<ApiKeyDocument, 'id'> => ({
  key,
  accountId,
  name,
  secretHash,
  createdAt: at.toISOString(),
  revokedAt: null,
  retiresAt: null,
  lastUsedAt: null,
  kind: browser ? 'browser' : 'server',
  browserOrigins: browser ? [...browser.origins] : null,
  rateLimitPerMinute: browser?.rateLimitPerMinute ?? null,
});

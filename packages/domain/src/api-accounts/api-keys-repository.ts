import type { ApiKeySummary, BrowserKeySettings } from '../domain/types';
import type { NewApiKey, RotationOverlap, SuccessorKey } from './api-accounts-repository';

/**
 * API accounts' keys, as the CLI and the portal's API settings make, list, rotate and revoke them. The times written
 * (a key's creation, a revocation) are the caller's `at`: the stores never read the clock.
 */
export interface ApiKeys {
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
  /** Whether any account has a key not revoked (what `npm start` asks before telling a newcomer to create one). */
  hasActiveKey(): Promise<boolean>;
}

import type { UsageEntry } from '../domain/types';

/** Requests per API key per UTC day, as the services' UsageMeter flushes them, and each key's latest use. */
export interface UsageRecords {
  /**
   * Adds these counts to the stored per-key, per-day totals (entries for the same key and day add up), and moves
   * each key's last_used_at forward (never back) to the entries' lastUsedAt.
   */
  record(entries: UsageEntry[]): Promise<void>;
  /** The stored per-day totals of a key, oldest day first. */
  ofKey(key: string): Promise<UsageEntry[]>;
}

import type { ApiKeyDocument } from '../api-accounts/api-account-documents';
import type { UsageEntry } from '../domain/types';
import { UniqueTakenError, type Documents, type DocumentSteps, type UnitOfWrite } from '../documents/documents';
import { step, type Steps } from '../store/steps';
import type { UsageRecords } from './usage-repository';
import type { UsageDocument } from './usage-documents';

/** The entries' counts added up per (key, day). */
function totals(entries: UsageEntry[]): UsageEntry[] {
  const byDay = new Map<string, UsageEntry>();
  for (const entry of entries) {
    const id = `${entry.key}\u0000${entry.day}`;
    byDay.set(id, { key: entry.key, day: entry.day, count: (byDay.get(id)?.count ?? 0) + entry.count });
  }
  return [...byDay.values()];
}

/** The latest use of each key among these entries. */
function lastUse(entries: UsageEntry[]): Map<string, string> {
  const latest = new Map<string, string>();
  for (const { key, lastUsedAt } of entries) {
    if (lastUsedAt && lastUsedAt > (latest.get(key) ?? '')) latest.set(key, lastUsedAt);
  }
  return latest;
}

/**
 * Adds `count` to the day's total: a write conditional on the total it read, tried again when another write came
 * between (or opened the day's document first), so no increment is lost where the store checks the condition as it
 * writes. FerretDB 1.x applies a conditional update as read-then-write: there, increments from several processes
 * at the same instant can still be lost (those of one process are serialised by the adapter).
 */
function* addToDay(usage: DocumentSteps<UsageDocument>, { key, day, count }: UsageEntry): Steps<void> {
  for (;;) {
    const found = yield* step(usage.first({ key, day }));
    if (found) {
      if (yield* step(usage.updateFirst({ key, day, count: found.count }, { count: found.count + count }))) return;
      continue;
    }
    try {
      yield* step(usage.insert({ key, day, count }));
      return;
    } catch (error) {
      if (!(error instanceof UniqueTakenError)) throw error;
    }
  }
}

/** Moves the key's last_used_at forward to `at`, never back. */
function* touchKey(keys: DocumentSteps<ApiKeyDocument, Omit<ApiKeyDocument, 'id'>>, key: string, at: string): Steps<void> {
  if (yield* step(keys.updateFirst({ key, lastUsedAt: { lte: at } }, { lastUsedAt: at }))) return;
  yield* step(keys.updateFirst({ key, lastUsedAt: null }, { lastUsedAt: at }));
}

/**
 * Requests per API key per day, written once over the generic document port. A flush is one unit of write: on
 * SQLite one transaction, so the counts and the keys' last use are stored together or, when the meter keeps them
 * for its next flush, not at all; on MongoDB the totals first, then the keys' last use.
 */
export class DocumentUsageRecords implements UsageRecords {
  constructor(
    private readonly usage: Documents<UsageDocument>,
    private readonly keys: Documents<ApiKeyDocument, Omit<ApiKeyDocument, 'id'>>,
    private readonly unit: UnitOfWrite,
  ) {}

  record(entries: UsageEntry[]): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    const { usage, keys } = this;
    return this.unit.run(function* () {
      for (const entry of totals(entries)) yield* addToDay(usage.steps, entry);
      for (const [key, at] of lastUse(entries)) yield* touchKey(keys.steps, key, at);
    });
  }

  async ofKey(key: string): Promise<UsageEntry[]> {
    return (await this.usage.all({ key })).map(({ day, count }) => ({ key, day, count }));
  }
}

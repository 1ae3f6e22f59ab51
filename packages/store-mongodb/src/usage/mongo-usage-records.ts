import type { MongoDatabase } from '../store/mongo-database';
import type { UsageEntry } from '@byline/domain/domain/types';
import { isDuplicateKey } from '../store/mongo-errors';
import { serialised } from '../store/mongo-ids';
import { collectionOf } from '../store/mongo-schema';
import type { UsageRecords } from '@byline/domain/usage/usage-repository';

/** The latest use of each key among these entries. */
function lastUse(entries: UsageEntry[]): Map<string, string> {
  const latest = new Map<string, string>();
  for (const { key, lastUsedAt } of entries) {
    if (lastUsedAt && lastUsedAt > (latest.get(key) ?? '')) latest.set(key, lastUsedAt);
  }
  return latest;
}

/** The entries' counts added up per (key, day). */
function totals(entries: UsageEntry[]): UsageEntry[] {
  const byDay = new Map<string, UsageEntry>();
  for (const entry of entries) {
    const id = `${entry.key}\u0000${entry.day}`;
    byDay.set(id, { ...entry, count: (byDay.get(id)?.count ?? 0) + entry.count });
  }
  return [...byDay.values()];
}

/** Usage in MongoDB: collection api_key_usage, and last_used_at on the key's document in api_keys. */
export class MongoUsageRecords implements UsageRecords {
  constructor(private readonly database: MongoDatabase) {}

  private get usage() {
    return collectionOf(this.database.db, 'usage');
  }
  private get apiKeys() {
    return collectionOf(this.database.db, 'apiKeys');
  }

  /**
   * One $inc upsert per (key, day): atomic on MongoDB. A duplicate key means a concurrent upsert inserted the
   * document first and this one applied nothing, so it is safe to repeat once. FerretDB 1.x applies $inc as
   * read-then-write (FerretDB#3040), so calls are also serialised in this process; on FerretDB, increments from
   * several processes at the same instant can still be lost.
   */
  record(entries: UsageEntry[]): Promise<void> {
    return this.database.run(() =>
      serialised(this.database.db, 'usage', async () => {
        const add = ({ key, day, count }: UsageEntry) =>
          this.usage.updateOne({ key, day }, { $inc: { count } }, { upsert: true });
        await Promise.all(
          totals(entries).map((entry) =>
            add(entry).catch((error: unknown) => {
              if (!isDuplicateKey(error)) throw error;
              return add(entry);
            }),
          ),
        );
        await Promise.all([...lastUse(entries)].map(([key, at]) => this.touchKey(key, at)));
      }),
    );
  }

  ofKey(key: string): Promise<UsageEntry[]> {
    return this.database.run(async () => {
      const docs = await this.usage.find({ key }).sort({ day: 1 }).toArray();
      return docs.map(({ key: k, day, count }) => ({ key: k, day, count }));
    });
  }

  /** Moves a key's last_used_at forward, never back. */
  private async touchKey(key: string, at: string): Promise<void> {
    await this.apiKeys.updateOne(
      { key, $or: [{ last_used_at: null }, { last_used_at: { $lt: at } }] },
      { $set: { last_used_at: at } },
    );
  }
}

import type { SqliteDatabase } from '../store/sqlite-database';
import type { UsageEntry } from '@byline/domain/domain/types';
import type { UsageRecords } from '@byline/domain/usage/usage-repository';

/** How long a usage flush waits for another process's write before its counts are kept for the next one. */
const USAGE_WRITE_PATIENCE_MS = 1000;

/** Usage in the embedded store: table api_key_usage, and api_keys.last_used_at. */
export class SqliteUsageRecords implements UsageRecords {
  private readonly stmt;

  constructor(private readonly database: SqliteDatabase) {
    this.stmt = {
      add: database.prepare<[string, string, number]>(
        `INSERT INTO api_key_usage (key, day, count) VALUES (?, ?, ?)
         ON CONFLICT (key, day) DO UPDATE SET count = count + excluded.count`,
      ),
      touchKey: database.prepare<[string, string, string]>(
        'UPDATE api_keys SET last_used_at = ? WHERE key = ? AND (last_used_at IS NULL OR last_used_at < ?)',
      ),
      ofKey: database.prepare<[string], UsageEntry>('SELECT key, day, count FROM api_key_usage WHERE key = ? ORDER BY day'),
    };
  }

  /**
   * The services flush usage while they serve; counts this cannot write within a second stay with the
   * UsageMeter for its next flush.
   */
  record(entries: UsageEntry[]): Promise<void> {
    return this.database.write(() => {
      for (const { key, day, count, lastUsedAt } of entries) {
        this.stmt.add.run(key, day, count);
        if (lastUsedAt) this.stmt.touchKey.run(lastUsedAt, key, lastUsedAt);
      }
    }, USAGE_WRITE_PATIENCE_MS);
  }

  ofKey(key: string): Promise<UsageEntry[]> {
    return this.database.read(() => this.stmt.ofKey.all(key));
  }
}

import { USAGE_FIELDS } from '@byline/domain/usage/usage-fields';
import { storedNames } from '@byline/domain/documents/stored-names';
import type { UsageDocument } from '@byline/domain/usage/usage-documents';
import type { SqliteTable } from '../documents/sqlite-documents';

/** How long a usage flush waits for another process's write before the meter keeps its counts for the next one. */
export const USAGE_WRITE_PATIENCE_MS = 1000;

/** Usage in the embedded store's api_key_usage table, keyed by key and day (read in day order for a key). */
export const USAGE_TABLE: SqliteTable<UsageDocument> = {
  name: 'api_key_usage',
  columns: storedNames(USAGE_FIELDS),
  key: ['key', 'day'],
};

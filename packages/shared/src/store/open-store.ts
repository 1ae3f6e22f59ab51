import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '@byline/domain/config/config';
import type { Logger } from '@byline/domain/logging/logger';
import type { Store } from '@byline/domain/store/store';
import { MongoStore } from '@byline/store-mongodb/store/mongo-store';
import { unavailableOr } from '@byline/store-sqlite/store/sqlite-errors';
import { SQLITE_FILE_NAME, SqliteStore } from '@byline/store-sqlite/store/sqlite-store';
import { systemClock } from '@byline/domain/runtime/system-clock';

export interface OpenStoreOptions {
  /**
   * Where the MongoDB store reports its retries while the database is unreachable, and the embedded store
   * that it created its file, or that the file was deleted, replaced or made unwritable while open.
   */
  logger?: Logger;
  /** Never create the embedded store's file: NoStoreError if it is missing (MongoDB is not affected). */
  mustExist?: boolean;
  /** The time of record, which the migrations at open write. */
  clock?: () => Date;
}

export { NoStoreError } from '@byline/store-sqlite/store/sqlite-errors';

/** The embedded store's file for this configuration, or null when MONGODB_URI selects MongoDB. */
export function embeddedStoreFile(config: Pick<Config, 'dataDir' | 'mongodbUri'>): string | null {
  return config.mongodbUri ? null : path.resolve(config.dataDir, SQLITE_FILE_NAME);
}

/**
 * MONGODB_URI set → MongoDB (database from the URI path, default `byline`); otherwise the embedded store
 * in BYLINE_DATA_DIR, created if missing unless `mustExist`. Never waits for a remote database: MongoDB is
 * connected lazily and retried in the background, so a process started during an outage still starts (and
 * reports not-ready).
 */
export async function openStore(config: Pick<Config, 'dataDir' | 'mongodbUri'>, options: OpenStoreOptions = {}): Promise<Store> {
  const { logger, mustExist = false, clock = systemClock } = options;
  const file = embeddedStoreFile(config);
  if (!file) return MongoStore.open(config.mongodbUri!, { logger, clock });
  const creating = !fs.existsSync(file);
  let store: SqliteStore;
  try {
    // Refuses (StoreUnavailableError) where opening would damage what other processes have open: see StoreOpenLock.
    store = new SqliteStore(file, { logger, mustExist, clock });
  } catch (error) {
    // A migration still to apply waits for another process's write (an import) at most 5 s.
    throw unavailableOr(error);
  }
  if (creating) logger?.warn('created a new, empty embedded store', { file });
  return store;
}

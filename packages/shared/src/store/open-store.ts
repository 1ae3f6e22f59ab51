import type { Config } from '../config/config';
import type { Logger } from '../logging/logger';
import type { Store } from './store';
import { MongoStore } from './mongo/mongo-store';
import { unavailableOr } from './sqlite/sqlite-errors';
import { SqliteStore } from './sqlite/sqlite-store';

export interface OpenStoreOptions {
  /** Where the MongoDB store reports its retries while the database is unreachable. */
  logger?: Logger;
}

/**
 * MONGODB_URI set → MongoDB (database from the URI path, default `byline`); otherwise the embedded store
 * in BYLINE_DATA_DIR. Never waits for a remote database: MongoDB is connected lazily and retried in the
 * background, so a process started during an outage still starts (and reports not-ready).
 */
export async function openStore(config: Pick<Config, 'dataDir' | 'mongodbUri'>, options: OpenStoreOptions = {}): Promise<Store> {
  if (config.mongodbUri) return MongoStore.open(config.mongodbUri, { logger: options.logger });
  try {
    return SqliteStore.inDirectory(config.dataDir);
  } catch (error) {
    // A migration still to apply waits for another process's write (an import) at most 5 s.
    throw unavailableOr(error);
  }
}

import type { Config } from '../config/config';
import type { Store } from './store';
import { SqliteStore } from './sqlite/sqlite-store';

/** MONGODB_URI set → MongoDB; otherwise the embedded store in BYLINE_DATA_DIR. */
export async function openStore(config: Pick<Config, 'dataDir' | 'mongodbUri'>): Promise<Store> {
  if (config.mongodbUri) {
    throw new Error('MONGODB_URI is set, but this build has no MongoDB store yet; unset it to use the embedded store');
  }
  return SqliteStore.inDirectory(config.dataDir);
}

import { openedDatabase } from './opened-database';
import type { StoreDatabase } from '@byline/domain/store/store-database';

/**
 * After an erasure, the erased bytes off the store's files where the store can do it: on the embedded store the
 * -wal is checkpointed into the file and emptied (the erased rows were overwritten with zeros, see SqliteStore's
 * secure_delete). MongoDB gives no such control: its free space, journal and oplog, and any backup, may keep the
 * bytes until they are reused or expire (docs/operators.md, "Your data", says so).
 */
export async function overwriteErasedBytes(database: StoreDatabase): Promise<void> {
  const opened = openedDatabase(database);
  if (opened.kind === 'embedded') await opened.sqlite.checkpointAndTruncate();
}

import { MongoPortalStore } from './mongo/mongo-portal-store';
import { MongoStore } from './mongo/mongo-store';
import type { PortalStore } from './portal-store';
import { SqlitePortalStore } from './sqlite/sqlite-portal-store';
import { SqliteStore } from './sqlite/sqlite-store';
import type { Store } from './store';

/**
 * The PortalStore that goes with an opened Store: for the embedded store, a second connection to the
 * same SQLite file; for MongoDB, the same client and database (closing the Store closes it).
 */
export function openPortalStore(store: Store): PortalStore {
  if (store instanceof SqliteStore) return SqlitePortalStore.forStore(store);
  if (store instanceof MongoStore) return MongoPortalStore.forStore(store);
  throw new Error(`the portal does not support the ${store.kind} store`);
}

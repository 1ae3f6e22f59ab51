import { SqlitePortalStore, SqliteStore, type PortalStore, type Store } from '@byline/shared';

/**
 * The PortalStore that goes with an opened Store: for the embedded store, a second connection to the
 * same SQLite file. There is no MongoDB PortalStore yet.
 */
export function openPortalStore(store: Store): PortalStore {
  if (store instanceof SqliteStore) return SqlitePortalStore.forStore(store);
  throw new Error(`the portal does not support the ${store.kind} store yet; unset MONGODB_URI to use the embedded store`);
}

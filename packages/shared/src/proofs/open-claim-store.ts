import type { Store } from '../store/store';
import { MongoStore } from '../store/mongo/mongo-store';
import { SqliteStore } from '../store/sqlite/sqlite-store';
import type { ClaimStore } from './claim-store';
import { MongoClaimStore } from './mongo/mongo-claim-store';
import type { ProofAttemptStore } from './proof-attempts';
import { SqliteClaimStore } from './sqlite/sqlite-claim-store';

export type ClaimStoreWithAttempts = ClaimStore & ProofAttemptStore & { close(): Promise<void> };

/**
 * The ClaimStore beside an opened Store: for the embedded store, another connection to its file; for MongoDB,
 * the same client and database (closing the Store closes it).
 */
export function openClaimStore(store: Store): ClaimStoreWithAttempts {
  if (store instanceof SqliteStore) return SqliteClaimStore.forStore(store);
  if (store instanceof MongoStore) return MongoClaimStore.forStore(store);
  throw new Error(`claims are not available on the ${store.kind} store yet`);
}

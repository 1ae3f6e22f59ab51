import { MongoClaims } from '../claims/mongo-claims';
import type { MongoDatabase } from '../database/mongo-database';
import { MongoClaimStore } from '../proofs/mongo/mongo-claim-store';
import { MongoPortalStore } from '../store/mongo/mongo-portal-store';
import type { Repositories } from './backend';
import { lazily, type Closeable } from './lazily';

/** The MongoDB adapter of every resource, on the store's database and client (registered here once, see Repositories). */
export function mongoRepositories(database: MongoDatabase, opened: Closeable[]): Repositories {
  return lazily<Repositories>(opened, {
    portal: () => new MongoPortalStore(database),
    claims: () => new MongoClaimStore(database),
    profileClaims: () => new MongoClaims(database),
  });
}

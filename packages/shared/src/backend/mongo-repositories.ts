import type { MongoDatabase } from '../database/mongo-database';
import { MongoClaimStore } from '../proofs/mongo/mongo-claim-store';
import { MongoPortalStore } from '../store/mongo/mongo-portal-store';
import type { Repositories } from './backend';
import { MongoApiAccounts } from '../api-accounts/mongo-api-accounts';
import { MongoUsageRecords } from '../usage/mongo-usage-records';
import { lazily, type Closeable } from './lazily';

/** The MongoDB adapter of every resource, on the store's database and client (registered here once, see Repositories). */
export function mongoRepositories(database: MongoDatabase, opened: Closeable[]): Repositories {
  return lazily<Repositories>(opened, {
    portal: () => new MongoPortalStore(database),
    claims: () => new MongoClaimStore(database),
    apiAccounts: () => new MongoApiAccounts(database),
    usage: () => new MongoUsageRecords(database),
  });
}

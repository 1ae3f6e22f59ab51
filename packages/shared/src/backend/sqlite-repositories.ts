import type { SqliteDatabase } from '../database/sqlite-database';
import { SqliteClaimStore } from '../proofs/sqlite/sqlite-claim-store';
import { SqlitePortalStore } from '../store/sqlite/sqlite-portal-store';
import type { Repositories } from './backend';
import { SqliteApiAccounts } from '../api-accounts/sqlite-api-accounts';
import { SqliteUsageRecords } from '../usage/sqlite-usage-records';
import { lazily, type Closeable } from './lazily';

/** The SQLite adapter of every resource, on the store's database (registered here once, see Repositories). */
export function sqliteRepositories(database: SqliteDatabase, opened: Closeable[]): Repositories {
  return lazily<Repositories>(opened, {
    // The two earlier stores keep their own connections to the file (WAL makes several connections safe).
    portal: () => new SqlitePortalStore(database.file, database.guard),
    claims: () => new SqliteClaimStore(database.file, database.guard),
    apiAccounts: () => new SqliteApiAccounts(database),
    usage: () => new SqliteUsageRecords(database),
  });
}

import type { MongoStoreDatabase } from '@byline/store-mongodb/store/mongo-database';
import type { EmbeddedStoreDatabase } from '@byline/store-sqlite/store/sqlite-database';
import type { StoreDatabase } from '@byline/domain/store/store-database';

/** A store's database looked inside: the embedded store's SQLite file or the MongoDB database. */
export type OpenedDatabase = EmbeddedStoreDatabase | MongoStoreDatabase;

/** Every store's database is one of the two (SqliteStore and MongoStore build them), so the kind says which. */
export function openedDatabase(database: StoreDatabase): OpenedDatabase {
  return database as OpenedDatabase;
}

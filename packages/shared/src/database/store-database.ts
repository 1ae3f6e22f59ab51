import type { MongoDatabase } from './mongo-database';
import type { SqliteDatabase } from './sqlite-database';

/** The database a store opened, which its resources' adapters use: the one value openBackend chooses by. */
export type StoreDatabase = { kind: 'embedded'; sqlite: SqliteDatabase } | { kind: 'mongodb'; mongo: MongoDatabase };

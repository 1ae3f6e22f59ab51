import type { Db } from 'mongodb';
import type { StoreDatabase } from '@byline/domain/store/store-database';

/**
 * The MongoDB database as resources use it: the current client's database and `run`, which waits for the schema
 * step (indexes) and turns outages into StoreUnavailableError (see MongoStore.run). There are no transactions on
 * FerretDB: a resource's unit of write is one single-document write, and a rule that needs several orders them
 * so that an interruption leaves nothing verified that should not be (each such use case says its order).
 */
/** The MongoDB store's database, as MongoStore opens it. */
export interface MongoStoreDatabase extends StoreDatabase {
  readonly kind: 'mongodb';
  readonly mongo: MongoDatabase;
}

export interface MongoDatabase {
  readonly db: Db;
  run<T>(work: () => Promise<T>): Promise<T>;
}

/** The database inside a unit of write already running in its `run`: each call awaited as it comes. */
export const inTurn = (db: Db): MongoDatabase => ({ db, run: (work) => work() });

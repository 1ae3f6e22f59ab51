import Database from 'better-sqlite3';
import type { Db } from 'mongodb';
import { type Store } from '@byline/domain/store/store';
import { repositoriesOf } from '@byline/shared/store';
import { MongoStore } from '@byline/store-mongodb/store/mongo-store';
import { SqliteStore } from '@byline/store-sqlite/store/sqlite-store';
import { tempDir, testMongoUri, uniqueDatabaseName } from '@byline/test-support';

/** How to make a closed store as an older version left it: its data, and the migrations it had not run. */
export interface Rewind {
  sqlite(db: Database.Database): void;
  mongodb(db: Db): Promise<void>;
}

/** A store that can be closed, made as an older version left it (rewind), and opened again by this version. */
export interface ReopenableStore {
  open(): Store;
  /** With the store closed. */
  rewind(rewind: Rewind): Promise<void>;
  dispose(): Promise<void>;
}

/** Forgets that these migrations ran, so that the next open runs them again. */
export function forgetting(...migrations: string[]): Rewind {
  return {
    sqlite: (db) => {
      for (const name of migrations) db.prepare('DELETE FROM schema_migrations WHERE name = ?').run(name);
    },
    mongodb: async (db) => {
      await db.collection('schema_migrations').deleteMany({ _id: { $in: migrations as never[] } });
    },
  };
}

/** A rewind that does `first`, then `then` (each on either database). */
export const andThen = (first: Rewind, then: Rewind): Rewind => ({
  sqlite: (db) => {
    first.sqlite(db);
    then.sqlite(db);
  },
  mongodb: async (db) => {
    await first.mongodb(db);
    await then.mongodb(db);
  },
});

function embedded(): ReopenableStore {
  const file = `${tempDir('byline-reopened-')}/byline.sqlite`;
  return {
    open: () => new SqliteStore(file),
    rewind: async (rewind) => {
      const db = new Database(file);
      try {
        rewind.sqlite(db);
      } finally {
        db.close();
      }
    },
    dispose: async () => undefined,
  };
}

function mongodb(uri: string): ReopenableStore {
  const dbName = uniqueDatabaseName();
  const open = () => MongoStore.open(uri, { dbName });
  const withDb = async (work: (db: Db) => Promise<void>) => {
    const store = open();
    try {
      await store.ping();
      await work(store.db);
    } finally {
      await store.close();
    }
  };
  return {
    open,
    rewind: (rewind) => withDb((db) => rewind.mongodb(db)),
    dispose: () =>
      withDb((db) =>
        db.dropDatabase().then(
          () => undefined,
          () => undefined,
        ),
      ),
  };
}

/** Every database the tests run on, as stores that can be reopened. */
export function reopenableStores(): { name: string; make: () => ReopenableStore }[] {
  const kinds = [{ name: 'embedded', make: embedded }];
  const uri = testMongoUri();
  if (uri) kinds.push({ name: 'mongodb', make: () => mongodb(uri) });
  return kinds;
}

/**
 * For each test of the enclosing describe, a new reopenable store (`make`); after the test, every store opened on
 * it that the test left open is closed (each closes once, however often asked), then it is disposed.
 */
export function reopenablePerTest(make: () => ReopenableStore): Pick<ReopenableStore, 'open' | 'rewind'> {
  let target: ReopenableStore | undefined;
  const opened: Store[] = [];
  beforeEach(() => {
    target = make();
  });
  afterEach(async () => {
    // Through its repositories: the repositories the test used on it close too.
    for (const store of opened.splice(0)) await repositoriesOf(store).close();
    await target?.dispose();
    target = undefined;
  });
  return {
    open: () => {
      const store = target!.open();
      const close = store.close.bind(store);
      let closing: Promise<void> | undefined;
      store.close = () => (closing ??= close());
      opened.push(store);
      return store;
    },
    rewind: (rewind) => target!.rewind(rewind),
  };
}

/**
 * A data step run again on what `make` wrote: the store opened, `make` run on it and the store closed, then `step`
 * forgotten so that the next open (the test's) runs it again. What `make` returned.
 */
export async function madeThenForgotten<T>(
  target: Pick<ReopenableStore, 'open' | 'rewind'>,
  step: string,
  make: (store: Store) => Promise<T>,
): Promise<T> {
  const store = target.open();
  const made = await make(store);
  await store.close();
  await target.rewind(forgetting(step));
  return made;
}

import { randomBytes } from 'node:crypto';
import { type Store } from '@byline/domain/store/store';
import { MongoStore } from '@byline/store-mongodb/store/mongo-store';
import { embeddedStore } from './harness';

/** One way to get a fresh, empty store. The contract suite and the HTTP tests run once per factory. */
export interface StoreFactory {
  name: string;
  create(): Promise<Store>;
}

/** The MongoDB (FerretDB in tests and CI) the jest global setup provides; undefined when the tests skip it. */
export function testMongoUri(): string | undefined {
  return process.env.BYLINE_TEST_MONGODB_URI || undefined;
}

let databases = 0;

/** A name no other store, test file or parallel run uses (FerretDB allows [A-Za-z0-9_-], 63 characters). */
export function uniqueDatabaseName(): string {
  return `byline_test_${process.pid}_${++databases}_${randomBytes(3).toString('hex')}`;
}

/** A MongoStore on its own new database, created ready (indexes built) and dropped again on close(). */
export async function mongoTestStore(uri: string): Promise<MongoStore> {
  const store = MongoStore.open(uri, { dbName: uniqueDatabaseName() });
  await store.ping();
  const close = store.close.bind(store);
  store.close = async () => {
    await store.db.dropDatabase().catch(() => undefined);
    await close();
  };
  return store;
}

/** Every store implementation the tests should run against on this machine. */
export function storeFactories(): StoreFactory[] {
  const factories: StoreFactory[] = [{ name: 'embedded', create: async () => embeddedStore() }];
  const uri = testMongoUri();
  if (uri) factories.push({ name: 'mongodb', create: () => mongoTestStore(uri) });
  return factories;
}

/**
 * A suite about what only the MongoDB store does, run on it alone; without MongoDB (a developer machine with no
 * FerretDB) it is skipped, as the global setup's notice says, rather than handed an empty list (which jest refuses).
 */
export function describeOnMongoDb(title: string, suite: (factory: StoreFactory) => void): void {
  const mongo = storeFactories().filter((factory) => factory.name === 'mongodb');
  if (mongo.length === 0) {
    describe.skip(title.replace('$name', 'mongodb'), () => {
      it('needs MongoDB (FerretDB or BYLINE_TEST_MONGODB_URI)', () => undefined);
    });
    return;
  }
  describe.each(mongo)(title, suite);
}

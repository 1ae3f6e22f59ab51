import type { Config } from '../config/config';
import { openStore, type OpenStoreOptions } from '../store/open-store';
import type { Store } from '../store/store';
import type { Backend, Repositories } from './backend';
import type { Closeable } from './lazily';
import { mongoRepositories } from './mongo-repositories';
import { sqliteRepositories } from './sqlite-repositories';

/**
 * The one place the database is chosen: MONGODB_URI set → MongoDB, otherwise the embedded store in
 * BYLINE_DATA_DIR (see openStore). Returns every repository on it.
 */
export async function openBackend(
  config: Pick<Config, 'dataDir' | 'mongodbUri'>,
  options: OpenStoreOptions = {},
): Promise<Backend> {
  return backendOf(await openStore(config, options));
}

const backends = new WeakMap<Store, Backend>();

/**
 * The backend of an opened store (the same object every time): its repositories use the database the store
 * opened, so the choice made by openStore holds for every resource.
 */
export function backendOf(store: Store): Backend {
  const known = backends.get(store);
  if (known) return known;
  const opened: Closeable[] = [];
  const { database } = store;
  const repositories: Repositories =
    database.kind === 'embedded' ? sqliteRepositories(database.sqlite, opened) : mongoRepositories(database.mongo, opened);
  const backend: Backend = Object.defineProperties({} as Backend, {
    ...Object.getOwnPropertyDescriptors(repositories),
    store: { value: store, enumerable: true },
    close: {
      value: async () => {
        // Repositories first: on the embedded store they are connections to the file the store's lock guards.
        for (const repository of opened.splice(0).reverse()) await repository.close?.();
        await store.close();
      },
    },
  });
  backends.set(store, backend);
  return backend;
}

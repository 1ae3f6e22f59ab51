import type { Config } from '@byline/domain/config/config';
import { openedDatabase } from '../database/opened-database';
import { openStore, type OpenStoreOptions } from '../store/open-store';
import type { Store } from '@byline/domain/store/store';
import type { Backend, ResourceRepositories } from './backend';
import type { Closeable } from './lazily';
import { mongoRepositories } from './mongo-repositories';
import { serviceRepositoriesOf } from './service-repositories';
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
  const database = openedDatabase(store.database);
  const repositories: ResourceRepositories =
    database.kind === 'embedded' ? sqliteRepositories(database.sqlite, opened) : mongoRepositories(database.mongo, opened);
  const backend: Backend = Object.defineProperties({} as Backend, {
    ...Object.getOwnPropertyDescriptors(serviceRepositoriesOf(store)),
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

/** Makes the repositories a backend adds to the store's own (see backendWith), remembering in `opened` what to close. */
export type BackendExtension<E extends object> = (store: Store, base: Backend, opened: Closeable[]) => E;

const extended = new WeakMap<BackendExtension<object>, WeakMap<Store, Backend>>();

/**
 * The store's backend with more repositories, made by `extension` (the same object every time for one store and one
 * extension); its close() closes them, then the store's backend. How @byline/editorial adds the repositories only the
 * portal, CLI and worker use, without @byline/shared knowing them.
 */
export function backendWith<E extends object>(store: Store, extension: BackendExtension<E>): Backend & E {
  const ofExtension = extended.get(extension) ?? new WeakMap<Store, Backend>();
  extended.set(extension, ofExtension);
  const known = ofExtension.get(store);
  if (known) return known as Backend & E;
  const base = backendOf(store);
  const opened: Closeable[] = [];
  const added = extension(store, base, opened);
  const backend = Object.defineProperties({} as Backend & E, {
    ...Object.getOwnPropertyDescriptors(base),
    ...Object.getOwnPropertyDescriptors(added),
    close: {
      value: async () => {
        for (const repository of opened.splice(0).reverse()) await repository.close?.();
        await base.close();
      },
    },
  });
  ofExtension.set(store, backend);
  return backend;
}

import type { Config } from '@byline/domain/config/config';
import { openedDatabase } from './opened-database';
import { openStore, type OpenStoreOptions } from './open-store';
import type { Store } from '@byline/domain/store/store';
import type { StoreRepositories, ResourceRepositories } from './store-repositories';
import type { Closeable } from './lazily';
import { mongoAdapters } from './mongo-adapters';
import { repositoriesOver } from './resource-wiring';
import { serviceRepositoriesOf } from './service-repositories';
import { sqliteAdapters } from './sqlite-adapters';

/**
 * The one place the database is chosen: MONGODB_URI set → MongoDB, otherwise the embedded store in
 * BYLINE_DATA_DIR (see openStore). Returns every repository on it.
 */
export async function openRepositories(
  config: Pick<Config, 'dataDir' | 'mongodbUri'>,
  options: OpenStoreOptions = {},
): Promise<StoreRepositories> {
  return repositoriesOf(await openStore(config, options));
}

const repositoriesByStore = new WeakMap<Store, StoreRepositories>();

/**
 * The repositories of an opened store (the same object every time): its repositories use the database the store
 * opened, so the choice made by openStore holds for every resource.
 */
export function repositoriesOf(store: Store): StoreRepositories {
  const known = repositoriesByStore.get(store);
  if (known) return known;
  const opened: Closeable[] = [];
  const database = openedDatabase(store.database);
  const service = serviceRepositoriesOf(store);
  // A getter: the proof attempts ride on the verifiers' queue, made only when they are first used.
  const queue = () => service.queue;
  const adapters = database.kind === 'embedded' ? sqliteAdapters(database.sqlite) : mongoAdapters(database.mongo);
  const resources: ResourceRepositories = repositoriesOver(adapters, queue, opened);
  const repositories: StoreRepositories = Object.defineProperties({} as StoreRepositories, {
    ...Object.getOwnPropertyDescriptors(service),
    ...Object.getOwnPropertyDescriptors(resources),
    store: { value: store, enumerable: true },
    close: {
      value: async () => {
        // Repositories first: on the embedded store they are connections to the file the store's lock guards.
        for (const repository of opened.splice(0).reverse()) await repository.close?.();
        await store.close();
      },
    },
  });
  repositoriesByStore.set(store, repositories);
  return repositories;
}

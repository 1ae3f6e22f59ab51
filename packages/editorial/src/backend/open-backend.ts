import { openedDatabase, openStore, type OpenStoreOptions } from '@byline/shared';
import { type Config } from '@byline/domain/config/config';
import { type Store } from '@byline/domain/store/store';
import { backendWith, type BackendExtension } from '@byline/shared/storage';
import type { Backend, EditorialRepositories } from './editorial-backend';
import { mongoEditorialRepositories } from './mongo-editorial-repositories';
import { sqliteEditorialRepositories } from './sqlite-editorial-repositories';

/** The editorial repositories on the database the store opened (registered once, see EditorialRepositories). */
const editorialRepositories: BackendExtension<EditorialRepositories> = (store, base, opened) => {
  const database = openedDatabase(store.database);
  return database.kind === 'embedded'
    ? sqliteEditorialRepositories(database.sqlite, base.queue, opened)
    : mongoEditorialRepositories(database.mongo, base.queue, opened);
};

/**
 * Every repository on an opened store, the editorial ones included (the same object every time); close() closes
 * them all and the store.
 */
export const backendOf = (store: Store): Backend => backendWith(store, editorialRepositories);

/** Opens the store the configuration chose (see openStore) with every repository on it. */
export async function openBackend(
  config: Pick<Config, 'dataDir' | 'mongodbUri'>,
  options: OpenStoreOptions = {},
): Promise<Backend> {
  return backendOf(await openStore(config, options));
}

/**
 * @byline/shared/store: every repository on an opened store (repositoriesOf, openRepositories), people's accounts included,
 * and the outbox relay. The resources' ports and rules are @byline/domain's, each imported by its path. The verifiers
 * do not load it.
 */
export type { StoreRepositories, Repositories, ResourceRepositories } from './store-repositories';
export { repositoriesOf, openRepositories } from './repositories-of';
export { relayStoreOutbox } from './relay-store-outbox';

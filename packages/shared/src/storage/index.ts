/**
 * @byline/shared/storage: every repository on an opened store (backendOf, openBackend), people's accounts included,
 * and the outbox relay. The resources' ports and rules are @byline/domain's, each imported by its path. The verifiers
 * do not load it.
 */
export type { Backend, Repositories, ResourceRepositories } from '../backend/backend';
export { backendOf, openBackend } from '../backend/open-backend';
export { relayStoreOutbox } from '../database/relay-store-outbox';

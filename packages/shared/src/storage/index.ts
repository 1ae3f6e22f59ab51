/**
 * @byline/shared/storage: every repository on an opened store (backendOf), the registry other packages extend
 * (backendWith: the editorial repositories), and the outbox relay. The resources' ports and rules are
 * @byline/domain's, each imported by its path. The verifiers do not load it.
 */
export type { Backend, Repositories } from '../backend/backend';
export { lazily } from '../backend/lazily';
export type { Closeable } from '../backend/lazily';
export { backendOf, backendWith } from '../backend/open-backend';
export type { BackendExtension } from '../backend/open-backend';
export { relayStoreOutbox } from '../database/relay-store-outbox';

/**
 * @byline/shared: what the two verifiers load — domain types and mappers, input schemas, the store and its
 * lookups, credential checks, usage, config and logging. The HTTP layer is @byline/shared/http (the CLI does not
 * load Express); the store's resources, each behind its port, are @byline/shared/storage and the SSRF-safe fetcher
 * is @byline/shared/fetch, which only the portal, CLI and worker load (through @byline/editorial).
 */
export * from './domain/types';
export * from './domain/mappers';
export * from './domain/rendered-answers';
export * from './domain/demo-examples';
export * from './url/canonical-url';
export * from './social/social-handle';
export * from './social/fediverse-account';
export * from './validation/verify-inputs';
export * from './validation/profile-record';
export * from './validation/joi-rules';
export * from './validation/plain-text';
export * from './validation/name-rule';
export * from './validation/plain-messages';
export * from './config/config';
export * from './logging/logger';
export * from './auth/bearer-token';
export * from './auth/key-material';
export * from './auth/credential-checker';
export * from './auth/api-keys';
export * from './auth/browser-keys';
export * from './cors';
export * from './store/store';
export * from './store/store-unavailable-error';
export * from './store/open-store';
export * from './database';
export * from './api-accounts';
export * from './usage/usage-repository';
export * from './usage/log-throttle';
export * from './usage/usage-meter';
// What v2 lookups read beside the rendered author answers: the publisher of a domain with its rendered answers
// (rendered again from the outlet digest where missing), and the author's live evidence they are checked against.
export { serviceRepositoriesOf, type ServiceRepositories } from './backend/service-repositories';
export * from './publishers/publishers-repository';
export * from './publishers/domain-info';
export * from './evidence/author-evidence-repository';
export * from './outlets/outlet-digests-repository';
export * from './outlets/outlet-answers';
export type { VerifiedIdentity } from './claims/verified-identity';
export * from './publishers/trust-summary';
// A v2 lookup of an unknown article on a verified outlet queues its attribution for the worker.
export { ATTRIBUTION_TOPIC, type AttributionPayload } from './queue/topics';
export { attributionAskItems, attributionMayFetch } from './queue/attribution-asks';
export type { LeasedQueue } from './queue/leased-queue';

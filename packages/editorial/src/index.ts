/**
 * @byline/editorial: what the portal, CLI and worker use beyond the verifiers — people's accounts (users, sessions,
 * password resets), proofs (rel="me" checks, network sign-ins in progress) and their re-checks, and every repository
 * on the store (backendOf/openBackend, with the store's resources from @byline/shared/storage re-exported here, and
 * the SSRF-safe fetcher from @byline/shared/fetch). The two verifiers never load it.
 */
export * from '@byline/shared/storage';
export * from '@byline/shared/fetch';
export { backendOf, openBackend, type Backend, type EditorialRepositories, type Repositories } from './backend';
export * from './users/users-repository';
export * from './sessions/sessions-repository';
export * from './password-resets/password-resets-repository';
export * from './email-confirmations/email-confirmations-repository';
export * from './proofs/proof-attempts';
export * from './proofs/rel-me-links';
export * from './proofs/rel-me-check';
export * from './proofs/recheck';
export * from './proofs/no-live-proof';
export * from './recheck/rechecks';
export * from './authorship';
export * from './attribution-domains/attribution-domains-repository';
export * from './notify/owner-notifier';
export * from './notify/owner-mail';
export * from './notify/mailing-notifier';
export * from './notify/released-claims';
export * from './publisher-domains';
export * from './trust-txt';
export * from './attribution';
export * from './publishers';
export * from './webhooks';

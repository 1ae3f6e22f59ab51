/**
 * @byline/shared: domain types and mappers, input schemas, the data stores, credential checks, config and
 * logging. The HTTP layer is @byline/shared/http, so that the CLI does not load Express and its kin.
 */
export * from './domain/types';
export * from './domain/mappers';
export * from './domain/rendered-answers';
export * from './domain/demo-examples';
export * from './url/canonical-url';
export * from './social/social-handle';
export * from './validation/verify-inputs';
export * from './validation/profile-record';
export * from './validation/joi-rules';
export * from './validation/plain-text';
export * from './config/config';
export * from './logging/logger';
export * from './auth/bearer-token';
export * from './auth/key-material';
export * from './auth/credential-checker';
export * from './auth/api-keys';
export * from './auth/browser-keys';
export * from './cors';
export * from './store/store';
export * from './store/open-store';
export * from './store/sqlite/sqlite-store';
export * from './store/mongo/mongo-store';
export * from './profiles';
export * from './articles';
export * from './verification';
export * from './users/users-repository';
export * from './sessions/sessions-repository';
export * from './password-resets/password-resets-repository';
export * from './audit/audit-repository';
export * from './database';
export * from './backend';
export * from './api-accounts';
export * from './usage/usage-repository';
export * from './usage/log-throttle';
export * from './usage/usage-meter';
export * from './fetch';
export * from './proofs';
export * from './claims';
export * from './queue';
export * from './recheck';
export * from './authorship';

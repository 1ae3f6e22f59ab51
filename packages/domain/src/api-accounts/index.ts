export * from './api-accounts-repository';
export * from './api-keys-repository';
export * from './api-credentials-repository';

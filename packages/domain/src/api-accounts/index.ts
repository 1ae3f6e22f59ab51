export * from './api-accounts-repository';

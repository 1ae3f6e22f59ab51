export * from './verification-repository';

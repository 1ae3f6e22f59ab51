export * from './directory-repository';

export * from './articles-repository';

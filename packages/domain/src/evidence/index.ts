export * from './author-evidence-repository';

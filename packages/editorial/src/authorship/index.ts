export * from './author-markup';
export * from './attribution-domains';
export * from './fediverse-account';
export * from './match-authorship';
export { MARKUP_LIMITS } from './markup-limits';
export * from './authorship-subject';
export * from './fetch-page';
export * from './check-article';
export * from './article-recheck';

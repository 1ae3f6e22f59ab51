export * from './articles-repository';
export * from './article-proof';
export * from './prove-article';

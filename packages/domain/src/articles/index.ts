export * from './articles-repository';
export * from './article-proof';
export * from './prove-article';
export * from './record-article-check';
export * from './article-check-item';
export * from './move-proven-article';
export * from './end-vouched-articles';

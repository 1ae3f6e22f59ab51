import { fieldsOf } from '../documents/stored-names';
import type { ArticleDocument } from './article-documents';

/** The fields of an article claim, as both stores keep them (see stored-names.ts). */
export const ARTICLE_FIELDS = fieldsOf<ArticleDocument>()([
  'id',
  'profileId',
  'canonicalUrl',
  'active',
  'publishedAt',
  'article',
  'proven',
  'proof',
  'creditOrder',
]);

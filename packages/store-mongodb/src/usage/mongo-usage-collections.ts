import { USAGE_FIELDS } from '@byline/domain/usage/usage-fields';
import { storedNames } from '@byline/domain/documents/stored-names';
import type { UsageDocument } from '@byline/domain/usage/usage-documents';
import type { MongoCollection } from '../documents/mongo-documents';

/** Usage in the api_key_usage collection (unique index: key and day; read in day order for a key). */
export const USAGE_COLLECTION: MongoCollection<UsageDocument> = {
  name: 'usage',
  fields: storedNames(USAGE_FIELDS),
  key: ['key', 'day'],
  unique: [['key', 'day']],
};

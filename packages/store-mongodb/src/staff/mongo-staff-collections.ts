import { AFFILIATION_FIELDS } from '@byline/domain/staff/staff-fields';
import { storedNames } from '@byline/domain/documents/stored-names';
import type { AffiliationDocument } from '@byline/domain/staff/staff-documents';
import type { MongoCollection } from '../documents/mongo-documents';

/** Affiliations in the publisher_staff collection; an open one carries its open keys, a closed one none. */
export const STAFF_COLLECTION: MongoCollection<AffiliationDocument> = {
  name: 'publisherStaff',
  fields: storedNames(AFFILIATION_FIELDS, { id: '_id' }),
  key: 'id',
  generatedKey: true,
  unique: ['openProfile', 'openEmail'],
  unsetWhenNull: ['openProfile', 'openEmail'],
};

import { AFFILIATION_FIELDS } from '@byline/domain/staff/staff-fields';
import type { AffiliationDocument } from '@byline/domain/staff/staff-documents';
import { numberedCollection } from '../documents/mongo-documents';

/** Affiliations in the publisher_staff collection; an open one carries its open keys, a closed one none. */
export const STAFF_COLLECTION = numberedCollection<AffiliationDocument>('publisherStaff', AFFILIATION_FIELDS, {
  unique: ['openProfile', 'openEmail'],
  unsetWhenNull: ['openProfile', 'openEmail'],
});

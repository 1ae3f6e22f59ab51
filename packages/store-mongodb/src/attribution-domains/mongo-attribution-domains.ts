import { storedNames } from '@byline/domain/documents/stored-names';
import { ATTRIBUTION_DOMAIN_LIST_FIELDS } from '@byline/domain/attribution-domains/attribution-domain-fields';
import type { AttributionDomainListDocument } from '@byline/domain/attribution-domains/document-attribution-domains';
import type { MongoCollection } from '../documents/mongo-documents';

/** The attribution_domains collection: one document per profile (its `_id`), holding the list. */
export const ATTRIBUTION_DOMAINS_COLLECTION: MongoCollection<AttributionDomainListDocument> = {
  name: 'attributionDomains',
  fields: storedNames(ATTRIBUTION_DOMAIN_LIST_FIELDS, { profileId: '_id' }),
  key: 'profileId',
  unique: ['profileId'],
};

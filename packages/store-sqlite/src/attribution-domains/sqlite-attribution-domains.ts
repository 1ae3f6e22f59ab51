import { storedNames } from '@byline/domain/documents/stored-names';
import { ATTRIBUTION_DOMAIN_FIELDS } from '@byline/domain/attribution-domains/attribution-domain-fields';
import type { AttributionDomainDocument } from '@byline/domain/attribution-domains/document-attribution-domains';
import type { SqliteTable } from '../documents/sqlite-documents';

/** The attribution_domains table (migration 025): a row per domain, named by the profile and the domain. */
export const ATTRIBUTION_DOMAINS_TABLE: SqliteTable<AttributionDomainDocument> = {
  name: 'attribution_domains',
  columns: storedNames(ATTRIBUTION_DOMAIN_FIELDS),
  key: ['profileId', 'domain'],
};

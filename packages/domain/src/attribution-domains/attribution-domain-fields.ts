import { fieldsOf } from '../documents/stored-names';
import type { AttributionDomainDocument, AttributionDomainListDocument } from './document-attribution-domains';

/** The fields of a profile's attribution domains, in each of the two shapes (see stored-names.ts). */
export const ATTRIBUTION_DOMAIN_FIELDS = fieldsOf<AttributionDomainDocument>()(['profileId', 'position', 'domain']);

export const ATTRIBUTION_DOMAIN_LIST_FIELDS = fieldsOf<AttributionDomainListDocument>()(['profileId', 'domains', 'updatedAt']);

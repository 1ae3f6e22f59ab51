import { fieldsOf } from '../documents/stored-names';
import type { AffiliationDocument } from './staff-documents';

/**
 * The fields of a publisher's affiliation, as both stores keep them (see stored-names.ts): the open keys are MongoDB's
 * alone, SQLite's partial unique indexes doing their work.
 */
export const AFFILIATION_FIELDS = fieldsOf<AffiliationDocument>()([
  'id',
  'publisherId',
  'profileId',
  'invitedEmail',
  'state',
  'invitedBy',
  'invitedAt',
  'acceptedAt',
  'endedAt',
  'endedBy',
  'endedReason',
  'openProfile',
  'openEmail',
]);

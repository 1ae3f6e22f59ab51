import { fieldsOf } from '../documents/stored-names';
import type { ClaimDocument, EvidenceDocument } from './claim-documents';

/** The fields of a claim and of a proof, as both stores keep them (see stored-names.ts). */
export const CLAIM_FIELDS = fieldsOf<ClaimDocument>()([
  'id',
  'profileId',
  'kind',
  'value',
  'key',
  'state',
  'createdAt',
  'updatedAt',
  'releasedAt',
  'releasedReason',
  'live',
]);

export const EVIDENCE_FIELDS = fieldsOf<EvidenceDocument>()([
  'id',
  'claimId',
  'method',
  'providerId',
  'providerName',
  'provenValue',
  'subject',
  'verifiedAt',
  'lastCheckedAt',
  'by',
  'note',
  'nextCheckAt',
  'failingSince',
  'lastFailure',
  'endedAt',
  'endedReason',
]);

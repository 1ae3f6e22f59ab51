import type { ClaimDocument, EvidenceDocument } from '@byline/domain/claims/claim-documents';
import type { MongoCollection } from '../documents/mongo-documents';

/** The claims: `live` only while live, its unique index keeping one live claim per profile and key (see ClaimDoc). */
export const CLAIMS_COLLECTION: MongoCollection<ClaimDocument> = {
  name: 'claims',
  fields: {
    id: '_id',
    profileId: 'profile_id',
    kind: 'kind',
    value: 'value',
    key: 'key',
    state: 'state',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
    releasedAt: 'released_at',
    releasedReason: 'released_reason',
    live: 'live',
  },
  key: 'id',
  generatedKey: true,
  unique: ['live'],
  unsetWhenNull: ['live'],
};

/** The claims' proofs. */
export const EVIDENCE_COLLECTION: MongoCollection<EvidenceDocument> = {
  name: 'evidence',
  fields: {
    id: '_id',
    claimId: 'claim_id',
    method: 'method',
    providerId: 'provider_id',
    providerName: 'provider_name',
    provenValue: 'proven_value',
    subject: 'subject',
    verifiedAt: 'verified_at',
    lastCheckedAt: 'last_checked_at',
    by: 'by',
    note: 'note',
    nextCheckAt: 'next_check_at',
    failingSince: 'failing_since',
    lastFailure: 'last_failure',
    endedAt: 'ended_at',
    endedReason: 'ended_reason',
  },
  key: 'id',
  generatedKey: true,
};

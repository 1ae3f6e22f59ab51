import type { ClaimDocument, EvidenceDocument } from '@byline/domain/claims/claim-documents';
import { CLAIM_FIELDS, EVIDENCE_FIELDS } from '@byline/domain/claims/claim-fields';
import { numberedCollection } from '../documents/mongo-documents';

/** The claims: `live` only while live, its unique index keeping one live claim per profile and key (see ClaimDoc). */
export const CLAIMS_COLLECTION = numberedCollection<ClaimDocument>('claims', CLAIM_FIELDS, {
  unique: ['live'],
  unsetWhenNull: ['live'],
});

/** The claims' proofs. */
export const EVIDENCE_COLLECTION = numberedCollection<EvidenceDocument>('evidence', EVIDENCE_FIELDS);

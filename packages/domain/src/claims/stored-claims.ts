import type { ClaimKind, ClaimState, Evidence, EvidenceMethod } from '../proofs/claims';
import type { ClaimRecord } from './claims-repository';

/** A claim's fields as both databases store them (a SQLite row, a MongoDB document); each adds its own id field. */
export interface StoredClaim {
  profile_id: number;
  kind: ClaimKind;
  value: string;
  key: string;
  state: ClaimState;
  created_at: string;
  updated_at: string;
  released_at: string | null;
  released_reason: string | null;
}

/** A proof's fields as both databases store them; each adds its own id field. */
export interface StoredEvidence {
  claim_id: number;
  method: EvidenceMethod;
  provider_id: string;
  provider_name: string;
  proven_value: string;
  subject: string | null;
  verified_at: string;
  last_checked_at: string;
  by: string;
  note: string | null;
  next_check_at: string | null;
  failing_since: string | null;
  last_failure: string | null;
  ended_at: string | null;
  ended_reason: string | null;
}

export const claimRecordOf = (id: number, stored: StoredClaim): ClaimRecord => ({
  id,
  profileId: stored.profile_id,
  kind: stored.kind,
  value: stored.value,
  key: stored.key,
  state: stored.state,
  createdAt: stored.created_at,
  updatedAt: stored.updated_at,
  releasedAt: stored.released_at,
  releasedReason: stored.released_reason,
});

export const evidenceOf = (id: number, stored: StoredEvidence): Evidence => ({
  id,
  claimId: stored.claim_id,
  method: stored.method,
  provider: { id: stored.provider_id, name: stored.provider_name },
  provenValue: stored.proven_value,
  subject: stored.subject,
  verifiedAt: stored.verified_at,
  lastCheckedAt: stored.last_checked_at,
  by: stored.by,
  note: stored.note,
  nextCheckAt: stored.next_check_at,
  failingSince: stored.failing_since,
  lastFailure: stored.last_failure,
  endedAt: stored.ended_at,
  endedReason: stored.ended_reason,
});

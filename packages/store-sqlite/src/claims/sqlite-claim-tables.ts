import type { ClaimDocument, EvidenceDocument } from '@byline/domain/claims/claim-documents';
import { numberedTable } from '../documents/sqlite-documents';
import { CLAIM_FIELDS, EVIDENCE_FIELDS } from '@byline/domain/claims/claim-fields';

/** Tables claims, evidence and proof_attempts (migration 014). */
export const CLAIMS_SCHEMA_SQL = `
  CREATE TABLE claims (
    id INTEGER PRIMARY KEY,
    profile_id INTEGER NOT NULL REFERENCES profiles(id),
    kind TEXT NOT NULL,
    value TEXT NOT NULL,
    key TEXT NOT NULL,
    state TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    released_at TEXT,
    released_reason TEXT
  );
  CREATE UNIQUE INDEX claims_live ON claims (profile_id, kind, key) WHERE released_at IS NULL;
  CREATE INDEX claims_by_key ON claims (kind, key) WHERE released_at IS NULL;
  CREATE INDEX claims_of_profile ON claims (profile_id, id);
  CREATE TABLE evidence (
    id INTEGER PRIMARY KEY,
    claim_id INTEGER NOT NULL REFERENCES claims(id),
    method TEXT NOT NULL,
    provider_id TEXT NOT NULL,
    provider_name TEXT NOT NULL,
    proven_value TEXT NOT NULL,
    subject TEXT,
    verified_at TEXT NOT NULL,
    last_checked_at TEXT NOT NULL,
    by TEXT NOT NULL,
    note TEXT,
    next_check_at TEXT,
    failing_since TEXT,
    last_failure TEXT,
    lease_holder TEXT,
    lease_until TEXT,
    ended_at TEXT,
    ended_reason TEXT
  );
  CREATE INDEX evidence_of_claim ON evidence (claim_id, id);
  CREATE INDEX evidence_due ON evidence (next_check_at) WHERE ended_at IS NULL AND next_check_at IS NOT NULL;
  CREATE TABLE proof_attempts (
    state_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL,
    profile_id INTEGER NOT NULL,
    network TEXT NOT NULL,
    claimed_value TEXT NOT NULL,
    nonce TEXT NOT NULL,
    code_verifier TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
  ) WITHOUT ROWID;
  CREATE INDEX proof_attempts_expiry ON proof_attempts (expires_at);
`;

/** The claims: one live claim per profile and key by the partial unique index claims_live (MongoDB's `live`). */
export const CLAIMS_TABLE = numberedTable<ClaimDocument>('claims', CLAIM_FIELDS, { names: { live: null } });

/** The claims' proofs (lease_holder and lease_until are the re-checks' of old, before the queue: never read). */
export const EVIDENCE_TABLE = numberedTable<EvidenceDocument>('evidence', EVIDENCE_FIELDS);

import type Database from 'better-sqlite3';
import { SOCIAL_TYPES, type SocialType } from '../../domain/types';
import { refreshDerivedFields } from '../../store/sqlite/profile-records';
import type { Claim, ClaimKind, Evidence, NewEvidence } from '../claims';
import { claimKey, isNetwork } from '../claim-values';

/**
 * The claims and evidence tables, read and written synchronously inside the caller's transaction. Every
 * embedded-store write that touches handles goes through here (the claim store, the portal's profile form,
 * `byline import`), so the invariants of ClaimStore are kept one way: `social_handles` holds exactly the proven
 * network claims, and each profile document's `profile_social_profiles` their values ("" for the others).
 */

interface ClaimRow {
  id: number;
  profile_id: number;
  kind: ClaimKind;
  value: string;
  key: string;
  state: Claim['state'];
  created_at: string;
  updated_at: string;
  released_at: string | null;
  released_reason: string | null;
}

interface EvidenceRow {
  id: number;
  claim_id: number;
  method: Evidence['method'];
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

const toEvidence = (row: EvidenceRow): Evidence => ({
  id: row.id,
  claimId: row.claim_id,
  method: row.method,
  provider: { id: row.provider_id, name: row.provider_name },
  provenValue: row.proven_value,
  subject: row.subject,
  verifiedAt: row.verified_at,
  lastCheckedAt: row.last_checked_at,
  by: row.by,
  note: row.note,
  nextCheckAt: row.next_check_at,
  failingSince: row.failing_since,
  lastFailure: row.last_failure,
  endedAt: row.ended_at,
  endedReason: row.ended_reason,
});

const statementsByDb = new WeakMap<Database.Database, ReturnType<typeof prepare>>();

function prepare(db: Database.Database) {
  return {
    claimById: db.prepare<[number], ClaimRow>('SELECT * FROM claims WHERE id = ?'),
    claimsOfProfile: db.prepare<[number], ClaimRow>(
      'SELECT * FROM claims WHERE profile_id = ? ORDER BY released_at IS NOT NULL, id',
    ),
    liveClaimsOfKey: db.prepare<[string, string], ClaimRow>(
      'SELECT * FROM claims WHERE kind = ? AND key = ? AND released_at IS NULL ORDER BY id',
    ),
    liveClaimsOfKind: db.prepare<[number, string], ClaimRow>(
      'SELECT * FROM claims WHERE profile_id = ? AND kind = ? AND released_at IS NULL ORDER BY id',
    ),
    evidenceOf: db.prepare<[number], EvidenceRow>('SELECT * FROM evidence WHERE claim_id = ? ORDER BY id'),
    evidenceById: db.prepare<[number], EvidenceRow>('SELECT * FROM evidence WHERE id = ?'),
    insertClaim: db.prepare<[number, string, string, string, string, string]>(
      `INSERT INTO claims (profile_id, kind, value, key, state, created_at, updated_at) VALUES (?, ?, ?, ?, 'claimed', ?, ?)`,
    ),
    setClaimState: db.prepare<[string, string, string, number]>(
      'UPDATE claims SET state = ?, value = ?, updated_at = ? WHERE id = ?',
    ),
    releaseClaim: db.prepare<[string, string, string, number]>(
      'UPDATE claims SET released_at = ?, released_reason = ?, updated_at = ? WHERE id = ?',
    ),
    insertEvidence: db.prepare<
      [number, string, string, string, string, string | null, string, string, string, string | null, string | null]
    >(
      `INSERT INTO evidence (claim_id, method, provider_id, provider_name, proven_value, subject, verified_at,
         last_checked_at, by, note, next_check_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    endLiveEvidence: db.prepare<[string, string, number]>(
      'UPDATE evidence SET ended_at = ?, ended_reason = ?, lease_holder = NULL, lease_until = NULL WHERE claim_id = ? AND ended_at IS NULL',
    ),
    liveEvidenceCount: db
      .prepare<[number], number>('SELECT count(*) FROM evidence WHERE claim_id = ? AND ended_at IS NULL')
      .pluck(),
    handleHolder: db
      .prepare<[string, string], number>('SELECT profile_id FROM social_handles WHERE social_type = ? AND handle_key = ?')
      .pluck(),
    insertHandle: db.prepare<[string, string, number]>(
      'INSERT OR IGNORE INTO social_handles (social_type, handle_key, profile_id) VALUES (?, ?, ?)',
    ),
    deleteHandle: db.prepare<[string, string, number]>(
      'DELETE FROM social_handles WHERE social_type = ? AND handle_key = ? AND profile_id = ?',
    ),
    profileDoc: db.prepare<[number], string>('SELECT doc FROM profiles WHERE id = ?').pluck(),
    setProfileDoc: db.prepare<[string, number]>('UPDATE profiles SET doc = ? WHERE id = ?'),
    profileExists: db.prepare<[number], number>('SELECT count(*) FROM profiles WHERE id = ?').pluck(),
    pendingRequest: db
      .prepare<[number], number>("SELECT id FROM verification_requests WHERE profile_id = ? AND status = 'pending'")
      .pluck(),
    insertRequest: db.prepare<[number, string, string]>(
      'INSERT INTO verification_requests (profile_id, requested_by, requested_at) VALUES (?, ?, ?)',
    ),
    audit: db.prepare<[number, string, string, string, string]>(
      'INSERT INTO verification_audit (profile_id, actor, action, note, at) VALUES (?, ?, ?, ?, ?)',
    ),
  };
}

function claimStatements(db: Database.Database) {
  let prepared = statementsByDb.get(db);
  if (!prepared) statementsByDb.set(db, (prepared = prepare(db)));
  return prepared;
}

function toClaim(db: Database.Database, row: ClaimRow): Claim {
  return {
    id: row.id,
    profileId: row.profile_id,
    kind: row.kind,
    value: row.value,
    key: row.key,
    state: row.state,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    releasedAt: row.released_at,
    releasedReason: row.released_reason,
    evidence: claimStatements(db).evidenceOf.all(row.id).map(toEvidence),
  };
}

export function readClaimsOf(db: Database.Database, profileId: number): Claim[] {
  return claimStatements(db)
    .claimsOfProfile.all(profileId)
    .map((row) => toClaim(db, row));
}

export function readLiveClaimsOfKey(db: Database.Database, kind: ClaimKind, key: string): Claim[] {
  return claimStatements(db)
    .liveClaimsOfKey.all(kind, key)
    .map((row) => toClaim(db, row));
}

export function readClaim(db: Database.Database, id: number): Claim | null {
  const row = claimStatements(db).claimById.get(id);
  return row ? toClaim(db, row) : null;
}

export function readEvidence(db: Database.Database, id: number): Evidence | null {
  const row = claimStatements(db).evidenceById.get(id);
  return row ? toEvidence(row) : null;
}

export function profileExists(db: Database.Database, profileId: number): boolean {
  return claimStatements(db).profileExists.get(profileId)! > 0;
}

/** Who holds this network key proven, if anyone. */
export function provenHolder(db: Database.Database, type: SocialType, key: string): number | undefined {
  return claimStatements(db).handleHolder.get(type, key);
}

/**
 * Writes the profile document's handles from its proven network claims ("" where none) and re-renders its
 * answers. The document is the public, proven view: answers, exports and lookups read it.
 */
export function syncProvenHandles(db: Database.Database, profileId: number): void {
  const stmt = claimStatements(db);
  const raw = stmt.profileDoc.get(profileId);
  if (raw === undefined) return;
  const doc = JSON.parse(raw) as { profile_social_profiles: Record<SocialType, string> };
  const proven = Object.fromEntries(SOCIAL_TYPES.map((type) => [type, ''])) as Record<SocialType, string>;
  for (const type of SOCIAL_TYPES) {
    const claim = stmt.liveClaimsOfKind.all(profileId, type).find((row) => row.state === 'proven');
    if (claim) proven[type] = claim.value;
  }
  const before = JSON.stringify(doc.profile_social_profiles);
  doc.profile_social_profiles = proven;
  if (JSON.stringify(proven) === before) return;
  stmt.setProfileDoc.run(JSON.stringify(doc), profileId);
  refreshDerivedFields(db, profileId);
}

/** Ends a live claim: its proofs end, a proven handle leaves the lookup index. The caller re-syncs the profile. */
export function releaseClaim(db: Database.Database, claim: Claim | ClaimRow, reason: string, now: string): void {
  const stmt = claimStatements(db);
  const profileId = 'profileId' in claim ? claim.profileId : claim.profile_id;
  stmt.releaseClaim.run(now, reason, now, claim.id);
  stmt.endLiveEvidence.run(now, reason, claim.id);
  if (isNetwork(claim.kind)) stmt.deleteHandle.run(claim.kind, claim.key, profileId);
}

/** What a write needs to know of a claim. */
export type ClaimRef = Pick<Claim, 'id' | 'profileId' | 'kind' | 'key' | 'value'>;

/** The profile's live claims of every kind, as rows (no evidence read). */
export function liveClaimRowsOf(db: Database.Database, profileId: number): ClaimRow[] {
  return claimStatements(db)
    .claimsOfProfile.all(profileId)
    .filter((row) => row.released_at === null);
}

/** A new `claimed` claim. */
export function insertClaim(
  db: Database.Database,
  profileId: number,
  kind: ClaimKind,
  value: string,
  key: string,
  now: string,
): ClaimRef {
  const id = Number(claimStatements(db).insertClaim.run(profileId, kind, value, key, now, now).lastInsertRowid);
  return { id, profileId, kind, key, value };
}

/** A live claim of this key on the profile, created (`claimed`) when there is none. */
export function ensureClaim(db: Database.Database, profileId: number, kind: ClaimKind, value: string, now: string): Claim {
  const stmt = claimStatements(db);
  const key = claimKey(kind, value);
  const live = stmt.liveClaimsOfKey.all(kind, key).find((row) => row.profile_id === profileId);
  if (live) return toClaim(db, live);
  const id = Number(stmt.insertClaim.run(profileId, kind, value, key, now, now).lastInsertRowid);
  return readClaim(db, id)!;
}

/**
 * Adds a proof to a live claim and makes it `proven`: a network claim enters the lookup index (the caller has
 * checked no other profile holds it) and takes the proven value as shown. Other profiles' unproven claims of
 * the key are released with the reason given. Returns them.
 */
export function addProof(
  db: Database.Database,
  claim: ClaimRef,
  evidence: NewEvidence,
  now: string,
  releaseReason: string,
): { profileId: number; claimId: number }[] {
  const stmt = claimStatements(db);
  stmt.insertEvidence.run(
    claim.id,
    evidence.method,
    evidence.provider.id,
    evidence.provider.name,
    evidence.provenValue,
    evidence.subject ?? null,
    now,
    now,
    evidence.by,
    evidence.note ?? null,
    evidence.nextCheckAt ?? null,
  );
  // A network's proof gives the handle as the network spells it; that spelling is what the answers show.
  const value = isNetwork(claim.kind) ? evidence.provenValue : claim.value;
  stmt.setClaimState.run('proven', value, now, claim.id);
  if (isNetwork(claim.kind)) stmt.insertHandle.run(claim.kind, claim.key, claim.profileId);
  const released: { profileId: number; claimId: number }[] = [];
  // A website has no single holder (co-authors may each prove one blog): only handles release other claims.
  if (!isNetwork(claim.kind)) return released;
  for (const other of stmt.liveClaimsOfKey.all(claim.kind, claim.key)) {
    if (other.profile_id === claim.profileId || other.state === 'proven') continue;
    releaseClaim(db, other, releaseReason, now);
    released.push({ profileId: other.profile_id, claimId: other.id });
  }
  return released;
}

/** Network claims of the profile for this network other than `key`: one live handle per network. */
export function otherClaimsOfNetwork(db: Database.Database, profileId: number, type: SocialType, key: string): ClaimRow[] {
  return claimStatements(db)
    .liveClaimsOfKind.all(profileId, type)
    .filter((row) => row.key !== key);
}

export function liveClaimsOfKind(db: Database.Database, profileId: number, kind: ClaimKind): ClaimRow[] {
  return claimStatements(db).liveClaimsOfKind.all(profileId, kind);
}

/** Puts the profile back in the editor queue (a pending request unless one is open) and records why. */
export function backToQueue(
  db: Database.Database,
  profileId: number,
  actor: string,
  action: string,
  note: string,
  now: string,
): void {
  const stmt = claimStatements(db);
  if (stmt.pendingRequest.get(profileId) === undefined) stmt.insertRequest.run(profileId, actor, now);
  stmt.audit.run(profileId, actor, action, note, now);
}

export function auditEvent(
  db: Database.Database,
  profileId: number,
  actor: string,
  action: string,
  note: string,
  now: string,
): void {
  claimStatements(db).audit.run(profileId, actor, action, note, now);
}

export function setClaimState(db: Database.Database, claimId: number, state: Claim['state'], value: string, now: string): void {
  claimStatements(db).setClaimState.run(state, value, now, claimId);
}

export function liveEvidenceCount(db: Database.Database, claimId: number): number {
  return claimStatements(db).liveEvidenceCount.get(claimId)!;
}

/** Takes a network claim out of the handle lookup index (it stops verifying). */
export function leaveLookup(db: Database.Database, claim: Claim): void {
  if (isNetwork(claim.kind)) claimStatements(db).deleteHandle.run(claim.kind, claim.key, claim.profileId);
}

export type { ClaimRow, EvidenceRow };

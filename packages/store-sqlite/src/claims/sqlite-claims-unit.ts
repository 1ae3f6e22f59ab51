import type Database from 'better-sqlite3';
import { recordEventsNow } from '../webhook-events/sqlite-queued-events';
import type { WebhookEvent } from '@byline/domain/webhook-events/webhook-event';
import { SOCIAL_TYPES, type SocialProfiles, type SocialType } from '@byline/domain/domain/types';
import type { ClaimPlace, ClaimRecord, ClaimsUnitOfWrite, HistoryEntry } from '@byline/domain/claims/claims-repository';
import type { ShownHandles } from '@byline/domain/claims/claims-repository';
import { enqueueNow } from '../queue/sqlite-leased-queue';
import { recheckItemOf } from '@byline/domain/recheck/recheck-records';
import { preparedPerConnection } from '../store/prepared-per-connection';
import { sqliteAnswersUnit } from '../answers/sqlite-answers-unit';
import type { AnswersUnit } from '@byline/domain/answers/answers-unit';
import type { Claim, ClaimKind, Evidence, NewEvidence } from '@byline/domain/proofs/claims';
import { claimKey, isNetwork } from '@byline/domain/proofs/claim-values';
import { claimRecordOf, evidenceOf, type StoredClaim, type StoredEvidence } from '@byline/domain/claims/stored-claims';

/**
 * The claims and evidence tables, read and written synchronously inside the caller's transaction: the primitive
 * steps of the claims rules (SqliteClaimsUnit; the rules themselves are in src/claims), which every embedded-store
 * write that touches handles runs (the claims repository, the portal's profile form, `byline import`, re-checks).
 */

interface ClaimRow extends StoredClaim {
  id: number;
}

interface EvidenceRow extends StoredEvidence {
  id: number;
}

// The v1 networks only: websites and fediverse accounts never enter a profile's handles.
const NETWORK_KINDS = SOCIAL_TYPES.map((type) => `'${type}'`).join(', ');

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

const toEvidence = (row: EvidenceRow): Evidence => evidenceOf(row.id, row);

function prepare(db: Database.Database) {
  return {
    claimById: db.prepare<[number], ClaimRow>('SELECT * FROM claims WHERE id = ?'),
    claimsOfProfile: db.prepare<[number], ClaimRow>(
      'SELECT * FROM claims WHERE profile_id = ? ORDER BY released_at IS NOT NULL, id',
    ),
    liveClaimsOfProfile: db.prepare<[number], ClaimRow>(
      'SELECT * FROM claims WHERE profile_id = ? AND released_at IS NULL ORDER BY id',
    ),
    liveClaimsOfKey: db.prepare<[string, string], ClaimRow>(
      'SELECT * FROM claims WHERE kind = ? AND key = ? AND released_at IS NULL ORDER BY id',
    ),
    unprovenClaimsOfKey: db.prepare<[string, string], ClaimRow>(
      "SELECT * FROM claims WHERE kind = ? AND key = ? AND released_at IS NULL AND state <> 'proven' ORDER BY id",
    ),
    liveClaim: db.prepare<[number, string, string], ClaimRow>(
      'SELECT * FROM claims WHERE profile_id = ? AND kind = ? AND key = ? AND released_at IS NULL',
    ),
    provenNetworkClaims: db.prepare<[number], ClaimRow>(
      `SELECT * FROM claims WHERE profile_id = ? AND released_at IS NULL AND state = 'proven' AND kind IN (${NETWORK_KINDS}) ORDER BY id`,
    ),
    evidenceOf: db.prepare<[number], EvidenceRow>('SELECT * FROM evidence WHERE claim_id = ? ORDER BY id'),
    evidenceById: db.prepare<[number], EvidenceRow>('SELECT * FROM evidence WHERE id = ?'),
    insertClaim: db.prepare<[number, string, string, string, string, string]>(
      `INSERT INTO claims (profile_id, kind, value, key, state, created_at, updated_at) VALUES (?, ?, ?, ?, 'claimed', ?, ?)`,
    ),
    setLiveClaimState: db.prepare<[string, string, number]>(
      'UPDATE claims SET state = ?, updated_at = ? WHERE id = ? AND released_at IS NULL',
    ),
    setUnprovenValue: db.prepare<[string, string, number]>(
      "UPDATE claims SET value = ?, updated_at = ? WHERE id = ? AND state <> 'proven'",
    ),
    markProven: db.prepare<[string, string, number]>(
      "UPDATE claims SET state = 'proven', value = ?, updated_at = ? WHERE id = ? AND released_at IS NULL",
    ),
    markReleased: db.prepare<[string, string, string, number]>(
      'UPDATE claims SET released_at = ?, released_reason = ?, updated_at = ? WHERE id = ? AND released_at IS NULL',
    ),
    insertEvidence: db.prepare<
      [number, string, string, string, string, string | null, string, string, string, string | null, string | null]
    >(
      `INSERT INTO evidence (claim_id, method, provider_id, provider_name, proven_value, subject, verified_at,
         last_checked_at, by, note, next_check_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    endLiveEvidence: db.prepare<[string, string, number]>(
      'UPDATE evidence SET ended_at = ?, ended_reason = ? WHERE claim_id = ? AND ended_at IS NULL',
    ),
    heldHandles: db.prepare<[number], { social_type: SocialType; handle_key: string }>(
      'SELECT social_type, handle_key FROM social_handles WHERE profile_id = ?',
    ),
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
    profileState: db.prepare<[number], { slug: string; verified: number; doc: string }>(
      'SELECT slug, verified, doc FROM profiles WHERE id = ?',
    ),
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

const claimStatements = preparedPerConnection(prepare);

const toRecord = (row: ClaimRow): ClaimRecord => claimRecordOf(row.id, row);

function toClaim(db: Database.Database, row: ClaimRow): Claim {
  return { ...toRecord(row), evidence: claimStatements(db).evidenceOf.all(row.id).map(toEvidence) };
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

/** The claims rules' primitive steps on this connection, synchronous (run them with runNow inside a transaction). */
export class SqliteClaimsUnit implements ClaimsUnitOfWrite {
  private readonly stmt: ReturnType<typeof prepare>;
  readonly answers: AnswersUnit;

  constructor(private readonly db: Database.Database) {
    this.stmt = claimStatements(db);
    this.answers = sqliteAnswersUnit(db);
  }

  profileExists(profileId: number): boolean {
    return this.stmt.profileExists.get(profileId)! > 0;
  }

  liveClaimsOf(profileId: number): ClaimRecord[] {
    return this.stmt.liveClaimsOfProfile.all(profileId).map(toRecord);
  }

  unprovenClaimsOfKeys(kind: ClaimKind, keys: string[]): ClaimRecord[] {
    const found = keys.flatMap((key) => this.stmt.unprovenClaimsOfKey.all(kind, key).map(toRecord));
    return keys.length > 1 ? found.sort((a, b) => a.id - b.id) : found;
  }

  readClaim(claimId: number): Claim | null {
    return readClaim(this.db, claimId);
  }

  lookupHolder(type: SocialType, key: string): number | undefined {
    return this.stmt.handleHolder.get(type, key);
  }

  ensureClaims(wanted: { profileId: number; kind: ClaimKind; value: string; key?: string }[], now: string): ClaimRecord[] {
    return wanted.map(({ profileId, kind, value, key: given }) => {
      const key = given ?? claimKey(kind, value);
      const live = this.stmt.liveClaim.get(profileId, kind, key);
      return live ? toRecord(live) : this.insertClaim(profileId, kind, value, key, now);
    });
  }

  /** A new `claimed` claim of this key showing `value` (the import's: the key is the lookup index's). */
  insertClaim(profileId: number, kind: ClaimKind, value: string, key: string, now: string): ClaimRecord {
    const id = Number(this.stmt.insertClaim.run(profileId, kind, value, key, now, now).lastInsertRowid);
    return toRecord(this.stmt.claimById.get(id)!);
  }

  /** The network handles the lookup index finds this profile by. */
  heldHandles(profileId: number): Map<SocialType, string> {
    return new Map(this.stmt.heldHandles.all(profileId).map((row) => [row.social_type, row.handle_key]));
  }

  setUnprovenValue(claimId: number, value: string, now: string): void {
    this.stmt.setUnprovenValue.run(value, now, claimId);
  }

  addEvidence(claimId: number, evidence: NewEvidence, now: string): number {
    const { method, provider, provenValue, subject, by, note, nextCheckAt } = evidence;
    return Number(
      this.stmt.insertEvidence.run(
        claimId,
        method,
        provider.id,
        provider.name,
        provenValue,
        subject ?? null,
        now,
        now,
        by,
        note ?? null,
        nextCheckAt ?? null,
      ).lastInsertRowid,
    );
  }

  scheduleRecheck(evidenceId: number, dueAt: string): void {
    const item = recheckItemOf({ id: evidenceId, nextCheckAt: dueAt, endedAt: null });
    if (item) enqueueNow(this.db, item);
  }

  endEvidence(claimIds: number[], reason: string, now: string): void {
    for (const id of claimIds) this.stmt.endLiveEvidence.run(now, reason, id);
  }

  /** Sets a live claim's state (a released one stays as it is). */
  setLiveClaimState(claimId: number, state: Claim['state'], now: string): void {
    this.stmt.setLiveClaimState.run(state, now, claimId);
  }

  /** Opens a pending verification request for the profile unless one is open. */
  openRequest(profileId: number, actor: string, now: string): void {
    if (this.stmt.pendingRequest.get(profileId) === undefined) this.stmt.insertRequest.run(profileId, actor, now);
  }

  markProven(claimId: number, value: string, now: string): boolean {
    return this.stmt.markProven.run(value, now, claimId).changes > 0;
  }

  markReleased(claimIds: number[], reason: string, now: string): void {
    for (const id of claimIds) this.stmt.markReleased.run(now, reason, now, id);
  }

  enterLookup({ profileId, kind, key }: ClaimPlace): number | null {
    if (!isNetwork(kind)) return null;
    this.stmt.insertHandle.run(kind, key, profileId);
    const holder = this.stmt.handleHolder.get(kind, key);
    return holder === profileId ? null : holder!;
  }

  leaveLookup(claims: ClaimPlace[]): void {
    for (const { profileId, kind, key } of claims) if (isNetwork(kind)) this.stmt.deleteHandle.run(kind, key, profileId);
  }

  provenNetworkClaims(profileIds: number[]): ClaimRecord[] {
    return profileIds.flatMap((id) => this.stmt.provenNetworkClaims.all(id).map(toRecord));
  }

  shownHandlesOf(profileIds: number[]): Map<number, ShownHandles> {
    const shown = new Map<number, ShownHandles>();
    for (const id of profileIds) {
      const row = this.stmt.profileState.get(id);
      if (!row) continue;
      const handles = (JSON.parse(row.doc) as ProfileHandles).profile_social_profiles ?? {};
      shown.set(id, { handles, slug: row.slug, verified: row.verified === 1 });
    }
    return shown;
  }

  showHandles(shown: Map<number, { handles: SocialProfiles; events: WebhookEvent[] }>): void {
    for (const [id, { handles, events }] of shown) {
      const doc = JSON.parse(this.stmt.profileDoc.get(id)!) as ProfileHandles;
      doc.profile_social_profiles = handles;
      this.stmt.setProfileDoc.run(JSON.stringify(doc), id);
      recordEventsNow(this.db, events);
    }
  }

  // The change and its re-render commit together: nothing stale is ever seen.
  takeOutOfService(): void {}

  appendHistory({ profileId, actor, action, note }: HistoryEntry, now: string): void {
    this.stmt.audit.run(profileId, actor, action, note, now);
  }
}

interface ProfileHandles {
  profile_social_profiles?: Partial<SocialProfiles>;
}

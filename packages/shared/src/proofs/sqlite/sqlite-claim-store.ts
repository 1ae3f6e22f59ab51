import Database from 'better-sqlite3';
import type { SocialType } from '../../domain/types';
import type { StoreFileGuard } from '../../store/sqlite/store-file-guard';
import { unavailableOr } from '../../store/sqlite/sqlite-errors';
import { BUSY_TIMEOUT_MS, writeWithoutBlocking } from '../../store/sqlite/write-without-blocking';
import type { Claim } from '../claims';
import {
  lapsesAt,
  type CheckOutcome,
  type ClaimStore,
  type DueCheck,
  type DueChecksQuery,
  type RecheckPolicy,
  type RecordCheckResult,
} from '../claim-store';
import { lapseNote } from '../claim-wording';
import type { ProofAttempt, ProofAttemptStore, TakenAttempt } from '../proof-attempts';
import {
  backToQueue,
  leaveLookup,
  liveEvidenceCount,
  setClaimState,
  readClaim,
  readClaimsOf,
  readEvidence,
  syncProvenHandles,
} from './claims-sql';

/**
 * The embedded ClaimStore (and ProofAttemptStore): its own connection to the SqliteStore's file, every write one
 * IMMEDIATE transaction (the invariants of claims it keeps: ClaimsRepository, in src/claims).
 */
export class SqliteClaimStore implements ClaimStore, ProofAttemptStore {
  private readonly db: Database.Database;

  constructor(
    file: string,
    private readonly guard?: StoreFileGuard,
  ) {
    // Never creates the file: beside a -wal, SQLite would take an empty new one for the store and delete that -wal.
    this.db = new Database(file, { fileMustExist: true });
    this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    this.db.pragma('foreign_keys = ON');
  }

  async close(): Promise<void> {
    if (this.db.open && (this.guard?.safeToClose() ?? true)) this.db.close();
  }

  private write<T>(work: () => T): Promise<T> {
    const transaction = this.db.transaction(work);
    return writeWithoutBlocking(
      this.db,
      () => {
        this.guard?.checkWritable();
        return transaction.immediate();
      },
      BUSY_TIMEOUT_MS,
    );
  }

  private read<T>(work: () => T): Promise<T> {
    try {
      this.guard?.checkReadable();
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(unavailableOr(error));
    }
  }

  claimsOf(profileId: number): Promise<Claim[]> {
    return this.read(() => readClaimsOf(this.db, profileId));
  }

  takeDueChecks({ leaseMs, limit, ...query }: DueChecksQuery & { leaseMs: number; limit: number }): Promise<DueCheck[]> {
    return this.write(() => {
      const ids = this.db
        .prepare<[DueParameters & { leaseUntil: string; limit: number }], number>(
          `UPDATE evidence SET lease_holder = @holder, lease_until = @leaseUntil
           WHERE id IN (SELECT id FROM evidence WHERE ${DUE} AND (lease_until IS NULL OR lease_until < @now)
             ORDER BY next_check_at, id LIMIT @limit)
           RETURNING id`,
        )
        .pluck()
        .all({ ...dueParameters(query), leaseUntil: new Date(query.now.getTime() + leaseMs).toISOString(), limit });
      return ids.sort((a, b) => a - b).map((id) => this.dueCheck(id));
    });
  }

  countLeasedElsewhere(query: DueChecksQuery): Promise<number> {
    return this.read(() =>
      this.db
        .prepare<[DueParameters], number>(
          `SELECT count(*) FROM evidence WHERE ${DUE} AND lease_until >= @now AND lease_holder <> @holder`,
        )
        .pluck()
        .get(dueParameters(query))!,
    );
  }

  private dueCheck(evidenceId: number): DueCheck {
    const evidence = readEvidence(this.db, evidenceId)!;
    const claim = readClaim(this.db, evidence.claimId)!;
    const slug = this.db.prepare<[number], string>('SELECT slug FROM profiles WHERE id = ?').pluck().get(claim.profileId)!;
    return { evidence, claim, profileSlug: slug };
  }

  recordCheck({
    evidenceId,
    holder,
    outcome,
    now,
    policy,
  }: {
    evidenceId: number;
    holder: string;
    outcome: CheckOutcome;
    now: Date;
    policy: RecheckPolicy;
  }): Promise<RecordCheckResult> {
    return this.write(() => recordCheckNow(this.db, { evidenceId, holder, outcome, now, policy }));
  }

  async createProofAttempt(attempt: ProofAttempt): Promise<void> {
    // Sign-ins started and abandoned are cleared as new ones start, a day past their expiry.
    const stale = new Date(Date.parse(attempt.createdAt) - DAY_MS).toISOString();
    await this.write(() => this.db.prepare('DELETE FROM proof_attempts WHERE expires_at < ?').run(stale));
    await this.write(() =>
      this.db
        .prepare(
          `INSERT INTO proof_attempts (state_hash, user_id, profile_id, network, claimed_value, nonce, code_verifier,
             created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          attempt.stateHash,
          attempt.userId,
          attempt.profileId,
          attempt.network,
          attempt.claimedValue,
          attempt.nonce,
          attempt.codeVerifier,
          attempt.createdAt,
          attempt.expiresAt,
        ),
    );
  }

  takeProofAttempt(stateHash: string, now: Date): Promise<TakenAttempt> {
    return this.write(() => {
      const row = this.db
        .prepare<[string, string], AttemptRow>(
          'UPDATE proof_attempts SET used_at = ? WHERE state_hash = ? AND used_at IS NULL RETURNING *',
        )
        .get(now.toISOString(), stateHash);
      if (!row) {
        const known = this.db
          .prepare<[string], number>('SELECT count(*) FROM proof_attempts WHERE state_hash = ?')
          .pluck()
          .get(stateHash);
        return known ? { status: 'used' } : { status: 'unknown' };
      }
      // Attempts a day past their expiry are of no use to anyone: cleared as others are taken.
      this.db.prepare('DELETE FROM proof_attempts WHERE expires_at < ?').run(new Date(now.getTime() - DAY_MS).toISOString());
      const attempt = toAttempt(row);
      return now.toISOString() > attempt.expiresAt ? { status: 'expired', attempt } : { status: 'taken', attempt };
    });
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

interface AttemptRow {
  state_hash: string;
  user_id: number;
  profile_id: number;
  network: SocialType;
  claimed_value: string;
  nonce: string;
  code_verifier: string;
  created_at: string;
  expires_at: string;
}

const toAttempt = (row: AttemptRow): ProofAttempt => ({
  stateHash: row.state_hash,
  userId: row.user_id,
  profileId: row.profile_id,
  network: row.network,
  claimedValue: row.claimed_value,
  nonce: row.nonce,
  codeVerifier: row.code_verifier,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});

/** The live re-checked proofs a DueChecksQuery matches, leased or not. */
const DUE = `ended_at IS NULL AND next_check_at IS NOT NULL AND (@all OR next_check_at <= @now)
  AND (@notCheckedSince IS NULL OR last_checked_at < @notCheckedSince OR last_checked_at > @now)`;

interface DueParameters {
  holder: string;
  now: string;
  all: number;
  notCheckedSince: string | null;
}

const dueParameters = ({ now, holder, all = false, notCheckedSince }: DueChecksQuery): DueParameters => ({
  holder,
  now: now.toISOString(),
  all: all ? 1 : 0,
  notCheckedSince: notCheckedSince?.toISOString() ?? null,
});

function recordCheckNow(
  db: Database.Database,
  { evidenceId, holder, outcome, now, policy }: Parameters<ClaimStore['recordCheck']>[0],
): RecordCheckResult {
  const at = now.toISOString();
  const lease = db
    .prepare<[number], { lease_holder: string | null; ended_at: string | null; failing_since: string | null; claim_id: number }>(
      'SELECT lease_holder, ended_at, failing_since, claim_id FROM evidence WHERE id = ?',
    )
    .get(evidenceId);
  if (!lease || lease.lease_holder !== holder || lease.ended_at) return 'lease-lost';
  const later = (ms: number) => new Date(now.getTime() + ms).toISOString();
  if (outcome.ok) {
    db.prepare(
      `UPDATE evidence SET last_checked_at = ?, failing_since = NULL, last_failure = NULL, next_check_at = ?,
         lease_holder = NULL, lease_until = NULL WHERE id = ?`,
    ).run(at, later(policy.intervalMs), evidenceId);
    return 'held';
  }
  const failingSince = lease.failing_since ?? at;
  if (!lapsesAt(failingSince, now, policy)) {
    db.prepare(
      `UPDATE evidence SET last_checked_at = ?, failing_since = ?, last_failure = ?, next_check_at = ?,
         lease_holder = NULL, lease_until = NULL WHERE id = ?`,
    ).run(at, failingSince, outcome.reason, later(policy.retryMs), evidenceId);
    return 'failing';
  }
  const note = lapseNote(failingSince, outcome.reason);
  db.prepare(
    `UPDATE evidence SET last_checked_at = ?, failing_since = ?, last_failure = ?, next_check_at = NULL,
       lease_holder = NULL, lease_until = NULL, ended_at = ?, ended_reason = ? WHERE id = ?`,
  ).run(at, failingSince, outcome.reason, at, note, evidenceId);
  const claim = readClaim(db, lease.claim_id)!;
  if (liveEvidenceCount(db, claim.id) === 0 && claim.releasedAt === null) {
    setClaimState(db, claim.id, 'lapsed', claim.value, at);
    leaveLookup(db, claim);
    syncProvenHandles(db, claim.profileId);
    // Only a claim that stops counting needs an editor again (not one another live proof still holds). Whether
    // the profile stays verified is not decided here: runRecheck records lapses through endingProofs.
    backToQueue(db, claim.profileId, 'byline:re-check', 'proof-lapsed', `${claim.kind} ${claim.value}: ${note}`, at);
  }
  return 'lapsed';
}

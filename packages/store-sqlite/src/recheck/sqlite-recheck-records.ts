import type Database from 'better-sqlite3';
import { showProvenHandles } from '@byline/domain/claims/proven-handles';
import { runNow } from '@byline/domain/database/steps';
import type { SqliteDatabase } from '../database/sqlite-database';
import type { Claim } from '@byline/domain/proofs/claims';
import type { DueCheck } from '@byline/domain/proofs/claim-store';
import { readClaim, readEvidence, SqliteClaimsUnit } from '../claims/sqlite-claims-unit';
import { settleNow } from '../queue/sqlite-leased-queue';
import { rerenderNow } from '../answers/sqlite-answers-unit';
import { RECHECK_TOPIC, type CheckRecord, type RecheckRecords } from '@byline/domain/recheck/recheck-records';

/** The embedded RecheckRecords: a check and its settle are one transaction on the store's connection. */
export class SqliteRecheckRecords implements RecheckRecords {
  private readonly checked: Database.Statement<
    [
      {
        id: number;
        at: string;
        failingSince: string | null;
        lastFailure: string | null;
        nextCheckAt: string | null;
        endedReason: string | null;
      },
    ]
  >;
  private readonly slugOf: Database.Statement<[number], string>;
  private readonly ownerOfEvidence: Database.Statement<[number], number>;

  constructor(private readonly database: SqliteDatabase) {
    this.checked = database.prepare(
      `UPDATE evidence SET last_checked_at = @at, failing_since = @failingSince, last_failure = @lastFailure,
         next_check_at = @nextCheckAt, ended_at = CASE WHEN @endedReason IS NULL THEN NULL ELSE @at END,
         ended_reason = @endedReason
       WHERE id = @id AND ended_at IS NULL`,
    );
    this.slugOf = database.prepare<[number], string>('SELECT slug FROM profiles WHERE id = ?').pluck();
    this.ownerOfEvidence = database
      .prepare<[number], number>('SELECT c.profile_id FROM evidence e JOIN claims c ON c.id = e.claim_id WHERE e.id = ?')
      .pluck();
  }

  proofToCheck(evidenceId: number): Promise<DueCheck | null> {
    return this.database.read((db) => {
      const evidence = readEvidence(db, evidenceId);
      if (!evidence || evidence.endedAt !== null) return null;
      // A release ends the claim's proofs in its own transaction: a live proof's claim is live.
      const claim = readClaim(db, evidence.claimId)!;
      return { evidence, claim, profileSlug: this.slugOf.get(claim.profileId) ?? '' };
    });
  }

  record({ item, evidenceId, at, failingSince, lastFailure, next, lapse }: CheckRecord): Promise<boolean> {
    const ends = 'endedReason' in next;
    return this.database.write((db) => {
      if (!settleNow(db, item.id, item.holder, ends ? 'done' : { dueAt: next.dueAt }, at)) return false;
      const written = this.checked.run({
        id: evidenceId,
        at: at.toISOString(),
        failingSince,
        lastFailure,
        nextCheckAt: ends ? null : next.dueAt.toISOString(),
        endedReason: ends ? next.endedReason : null,
      });
      // Ended meanwhile (its claim released): nothing to record; the settle stands, its item is of no use.
      if (written.changes === 0) return false;
      if (lapse) lapseClaim(db, lapse.claim, lapse.request, at.toISOString());
      // A proof ended while its claim stays proven by another: the answers showed it as evidence.
      else if (ends) rerenderNow(db, [this.ownerOfEvidence.get(evidenceId)!]);
      return true;
    });
  }
}

function lapseClaim(
  db: Database.Database,
  claim: Claim,
  { actor, action, note }: NonNullable<CheckRecord['lapse']>['request'],
  at: string,
): void {
  const unit = new SqliteClaimsUnit(db);
  unit.setClaimState(claim.id, 'lapsed', claim.value, at);
  unit.leaveLookup([claim]);
  runNow(showProvenHandles(unit, [claim.profileId]));
  unit.backToQueue(claim.profileId, actor, at);
  unit.appendHistory({ profileId: claim.profileId, actor, action, note }, at);
}

/** Migration 021: every live re-checked proof gets its queue item, due when its next check was. */
export const RECHECKS_ONTO_QUEUE_SQL = `
  INSERT OR IGNORE INTO queue_items (topic, key, payload, due_at)
    SELECT '${RECHECK_TOPIC}', CAST(id AS TEXT), '{}', next_check_at FROM evidence
    WHERE ended_at IS NULL AND next_check_at IS NOT NULL ORDER BY id;
`;

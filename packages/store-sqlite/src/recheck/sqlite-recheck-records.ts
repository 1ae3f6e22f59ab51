import type Database from 'better-sqlite3';
import { runNow, step, type Steps } from '@byline/domain/store/steps';
import type { SqliteDatabase } from '../store/sqlite-database';
import type { DueCheck } from '@byline/domain/proofs/claim-store';
import { sqliteClaimsUnit } from '../claims/sqlite-claims-unit';
import { settleNow } from '../queue/sqlite-leased-queue';
import { sqliteAnswersUnit } from '../answers/sqlite-answers-unit';
import { preparedPerConnection } from '../store/prepared-per-connection';
import { RECHECK_TOPIC } from '@byline/domain/recheck/recheck-records';
import type { RecheckStoredUnit, StoredRecheckRecords } from '@byline/domain/recheck/document-recheck-records';

const statements = preparedPerConnection((db: Database.Database) => ({
  slugOf: db.prepare<[number], string>('SELECT slug FROM profiles WHERE id = ?').pluck(),
  holderOf: db.prepare<[number], string | null>('SELECT holder FROM queue_items WHERE id = ?').pluck(),
}));

/** The re-check's unit of write inside a transaction the caller holds on `db` (SqliteRecheckRecords.inOneWrite's). */
function sqliteRecheckUnit(db: Database.Database): RecheckStoredUnit {
  const sql = statements(db);
  return {
    leaseHolder: (itemId) => sql.holderOf.get(Number(itemId)) ?? null,
    settle: (item, next, at) => settleNow(db, item.id, item.holder, next, at),
    // The change and its re-render commit together: nothing stale is ever seen.
    takeOutOfService: () => undefined,
    claims: sqliteClaimsUnit(db),
    answers: sqliteAnswersUnit(db),
  };
}

/** The embedded re-check records: a check and its settle are one transaction on the store's connection. */
export class SqliteRecheckRecords implements StoredRecheckRecords {
  constructor(private readonly database: SqliteDatabase) {}

  proofToCheck(evidenceId: number): Promise<DueCheck | null> {
    return this.database.read((db) =>
      runNow(
        (function* () {
          const claims = sqliteClaimsUnit(db);
          const evidence = yield* step(claims.readEvidence(evidenceId));
          if (!evidence || evidence.endedAt !== null) return null;
          // A release ends the claim's proofs in its own transaction: a live proof's claim is live.
          const claim = (yield* step(claims.readClaim(evidence.claimId)))!;
          return { evidence, claim, profileSlug: statements(db).slugOf.get(claim.profileId) ?? '' };
        })(),
      ),
    );
  }

  inOneWrite<T>(steps: (unit: RecheckStoredUnit) => Steps<T>): Promise<T> {
    return this.database.write((db) => runNow(steps(sqliteRecheckUnit(db))));
  }
}

/** Migration 021: every live re-checked proof gets its queue item, due when its next check was. */
export const RECHECKS_ONTO_QUEUE_SQL = `
  INSERT OR IGNORE INTO queue_items (topic, key, payload, due_at)
    SELECT '${RECHECK_TOPIC}', CAST(id AS TEXT), '{}', next_check_at FROM evidence
    WHERE ended_at IS NULL AND next_check_at IS NOT NULL ORDER BY id;
`;

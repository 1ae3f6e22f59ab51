import type Database from 'better-sqlite3';
import { runNow, type Steps } from '@byline/domain/store/steps';
import type { SqliteDatabase } from '../store/sqlite-database';
import { sqliteClaimsUnit } from '../claims/sqlite-claims-unit';
import { settleNow } from '../queue/sqlite-leased-queue';
import { sqliteAnswersUnit } from '../answers/sqlite-answers-unit';
import { preparedPerConnection } from '../store/prepared-per-connection';
import { RECHECK_TOPIC } from '@byline/domain/recheck/recheck-records';
import type { RecheckStoredUnit, StoredRecheckRecords } from '@byline/domain/recheck/document-recheck-records';

const statements = preparedPerConnection((db: Database.Database) => ({
  holderOf: db.prepare<[number], string | null>('SELECT holder FROM queue_items WHERE id = ?').pluck(),
}));

/** The re-check's unit of write inside a transaction the caller holds on `db` (SqliteRecheckRecords.inOneWrite's). */
function sqliteRecheckUnit(db: Database.Database): RecheckStoredUnit {
  const sql = statements(db);
  return {
    leaseHolder: (itemId) => sql.holderOf.get(Number(itemId)) ?? null,
    settle: (item, next, at) => settleNow(db, item.id, item.holder, next, at),
    claims: sqliteClaimsUnit(db),
    answers: sqliteAnswersUnit(db),
  };
}

/** The embedded re-check records' unit of write: a check and its settle are one transaction on the store's connection. */
export class SqliteRecheckRecords implements StoredRecheckRecords {
  constructor(private readonly database: SqliteDatabase) {}

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

import type Database from 'better-sqlite3';
import { sqliteAnswersUnit } from '../answers/sqlite-answers-unit';
import { runNow, type Steps } from '@byline/domain/store/steps';
import type { SqliteDatabase } from '../store/sqlite-database';
import type { StoredVerification, VerificationStoredUnit } from '@byline/domain/verification/verification-documents';

/** The database's own part of the editors' queue's unit of write, inside a transaction the caller holds on `db`. */
function storedUnit(db: Database.Database): VerificationStoredUnit {
  return {
    answers: sqliteAnswersUnit(db),
  };
}

/** The editors' queue's unit of write: each change is one transaction (inOneWrite). */
export class SqliteStoredVerification implements StoredVerification {
  constructor(private readonly database: SqliteDatabase) {}

  inOneWrite<T>(steps: (unit: VerificationStoredUnit) => Steps<T>): Promise<T> {
    return this.database.write((db) => runNow(steps(storedUnit(db))));
  }
}

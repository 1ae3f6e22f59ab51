import { runNow, type Steps } from '@byline/domain/store/steps';
import type { SqliteDatabase } from '../store/sqlite-database';
import { sqliteAnswersUnit } from '../answers/sqlite-answers-unit';
import { sqliteArticlesUnit } from '../articles/sqlite-articles';
import type { StaffStoredUnit, StoredStaff } from '@byline/domain/staff/staff-documents';

/** The staff's changes in one transaction, with the other resources' parts of it on the same connection. */
export class SqliteStoredStaff implements StoredStaff {
  constructor(private readonly database: SqliteDatabase) {}

  inOneWrite<T>(steps: (unit: StaffStoredUnit) => Steps<T>): Promise<T> {
    return this.database.write((db) =>
      runNow(
        steps({
          articles: sqliteArticlesUnit(db),
          answers: sqliteAnswersUnit(db),
        }),
      ),
    );
  }
}

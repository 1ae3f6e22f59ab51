import type Database from 'better-sqlite3';
import { runNow, type Steps } from '@byline/domain/store/steps';
import type { SqliteDatabase } from '../store/sqlite-database';
import { sqliteAnswersUnit } from '../answers/sqlite-answers-unit';
import { sqliteArticlesUnit } from '../articles/sqlite-articles';
import { preparedPerConnection } from '../store/prepared-per-connection';
import type { StaffStoredUnit, StoredStaff } from '@byline/domain/staff/staff-documents';

const publisherName = preparedPerConnection((db: Database.Database) =>
  db.prepare<[number], string>('SELECT name FROM publishers WHERE id = ?').pluck(),
);

/** The staff's changes in one transaction, with the other resources' parts of it on the same connection. */
export class SqliteStoredStaff implements StoredStaff {
  constructor(private readonly database: SqliteDatabase) {}

  inOneWrite<T>(steps: (unit: StaffStoredUnit) => Steps<T>): Promise<T> {
    return this.database.write((db) =>
      runNow(
        steps({
          publisherName: (publisherId) => publisherName(db).get(publisherId) ?? null,
          // The change and its re-render commit together: nothing stale is ever seen.
          takeOutOfService: () => undefined,
          articles: sqliteArticlesUnit(db),
          answers: sqliteAnswersUnit(db),
        }),
      ),
    );
  }
}

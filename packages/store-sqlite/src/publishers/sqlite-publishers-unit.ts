import type Database from 'better-sqlite3';
import { sqliteAnswersUnit } from '../answers/sqlite-answers-unit';
import { sqliteArticlesUnit } from '../articles/sqlite-articles';
import { preparedPerConnection } from '../store/prepared-per-connection';
import type { StoredPublishersUnit } from '@byline/domain/publishers/publisher-documents';

const statements = preparedPerConnection((db: Database.Database) => ({
  activeStaff: db
    .prepare<[number], number>("SELECT profile_id FROM publisher_staff WHERE publisher_id = ? AND state = 'active'")
    .pluck(),
  everStaff: db
    .prepare<[number], number>(
      'SELECT DISTINCT profile_id FROM publisher_staff WHERE publisher_id = ? AND profile_id IS NOT NULL ORDER BY profile_id',
    )
    .pluck(),
  writeDomain: db.prepare<
    [string, string | null, string | null, string | null, string | null, string | null, number, string, string]
  >(
    `UPDATE publisher_domains SET state = ?, method = ?, proven_at = ?, last_checked_at = ?, failing_since = ?,
       last_failure = ? WHERE publisher_id = ? AND domain = ? AND state = ?`,
  ),
}));

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';

/** The publishers' unit of write, by hand, inside a transaction the caller holds on `db` (see StoredPublishers). */
export function sqlitePublishersUnit(db: Database.Database): StoredPublishersUnit {
  const sql = statements(db);
  return {
    staffOf: (publisherId, which) => (which === 'active' ? sql.activeStaff : sql.everStaff).all(publisherId),
    writeDomain: (publisherId, domain, { state, method, provenAt, lastCheckedAt, failingSince, lastFailure }, asRead) => {
      try {
        const args = [state, method, provenAt, lastCheckedAt, failingSince, lastFailure, publisherId, domain, asRead] as const;
        return sql.writeDomain.run(...args).changes > 0;
      } catch (error) {
        // The partial unique index on proven domains: another publisher holds it proven (the statement alone is undone).
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    articles: sqliteArticlesUnit(db),
    answers: sqliteAnswersUnit(db),
  };
}

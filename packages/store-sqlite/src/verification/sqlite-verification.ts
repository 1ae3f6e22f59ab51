import type Database from 'better-sqlite3';
import { sqliteAnswersUnit } from '../answers/sqlite-answers-unit';
import { runNow, type Steps } from '@byline/domain/store/steps';
import type { SqliteDatabase } from '../store/sqlite-database';
import { preparedPerConnection } from '../store/prepared-per-connection';
import { recordEventsNow } from '../webhook-events/sqlite-queued-events';
import type { StoredVerification, VerificationStoredUnit } from '@byline/domain/verification/verification-documents';

const statements = preparedPerConnection((db: Database.Database) => ({
  profile: db.prepare<[number], { verified: number; doc: string }>('SELECT verified, doc FROM profiles WHERE id = ?'),
  setVerified: db.prepare<[number, string, number]>('UPDATE profiles SET verified = ?, doc = ? WHERE id = ?'),
}));

/** The database's own part of the editors' queue's unit of write, inside a transaction the caller holds on `db`. */
function storedUnit(db: Database.Database): VerificationStoredUnit {
  const sql = statements(db);
  return {
    writeVerified: (profileId, verified, event) => {
      const row = sql.profile.get(profileId);
      if (!row || (row.verified === 1) === verified) return;
      // The flag, and its copy in the profile's document.
      sql.setVerified.run(verified ? 1 : 0, JSON.stringify({ ...JSON.parse(row.doc), verified }), profileId);
      recordEventsNow(db, [event]);
    },
    // The change and its re-render commit together: nothing stale is ever seen.
    takeOutOfService: () => undefined,
    answers: sqliteAnswersUnit(db),
  };
}

/** The profiles' verified flag; each change is one transaction (inOneWrite). */
export class SqliteStoredVerification implements StoredVerification {
  constructor(private readonly database: SqliteDatabase) {}

  inOneWrite<T>(steps: (unit: VerificationStoredUnit) => Steps<T>): Promise<T> {
    return this.database.write((db) => runNow(steps(storedUnit(db))));
  }
}

import type Database from 'better-sqlite3';
import { sqliteAnswersUnit } from '../answers/sqlite-answers-unit';
import { preparedPerConnection } from '../store/prepared-per-connection';
import { recordEventsNow } from '../webhook-events/sqlite-queued-events';
import type { IdentityUnitOfWrite } from '@byline/domain/profiles/identity-unit';
import { identityUnitOver } from '@byline/domain/profiles/identity-documents';
import { profileDocumentsOn } from './sqlite-profiles-table';

/** The profile's slug in both its column and its document; its approved values and pending change. */
const statements = preparedPerConnection((db: Database.Database) => ({
  moveSlug: db.prepare<[string, string, number, string]>(
    "UPDATE profiles SET slug = ?, doc = json_set(doc, '$.profile_slug', ?) WHERE id = ? AND slug = ?",
  ),
  doc: db.prepare<[number], string>('SELECT doc FROM profiles WHERE id = ?').pluck(),
  writeIdentity: db.prepare<[string, string | null, number]>('UPDATE profiles SET doc = ?, pending_identity = ? WHERE id = ?'),
}));

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';

/**
 * The identity review's unit of write inside a transaction the caller holds on `db` (the rules are
 * identity-changes.ts's and slug-moves.ts's; one transaction, so nothing moves between a read and a write). Reads,
 * former slugs and audit records are the generic documents' (identityUnitOver).
 */
export function sqliteIdentityUnit(db: Database.Database): IdentityUnitOfWrite {
  const sql = statements(db);
  return identityUnitOver(profileDocumentsOn(db), {
    writeSlug: (profileId, from, to, event) => {
      try {
        if (sql.moveSlug.run(to, to, profileId, from).changes === 0) return 'moved-since';
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
      if (event) recordEventsNow(db, [event]);
      return 'moved';
    },
    writeIdentity: (profileId, values, pending) => {
      const doc = sql.doc.get(profileId);
      if (doc === undefined) return false;
      sql.writeIdentity.run(
        JSON.stringify({ ...JSON.parse(doc), ...values }),
        pending ? JSON.stringify(pending) : null,
        profileId,
      );
      return true;
    },
    answers: sqliteAnswersUnit(db),
  });
}

import type Database from 'better-sqlite3';
import { sqliteAnswersUnit } from '../answers/sqlite-answers-unit';
import { sqliteArticlesUnit } from '../articles/sqlite-articles';
import { preparedPerConnection } from '../store/prepared-per-connection';
import { COLUMNS, toAffiliation, type AffiliationRow } from './sqlite-staff-rows';
import type { AffiliationState } from '@byline/domain/staff/staff-repository';
import type { StaffUnitOfWrite } from '@byline/domain/staff/staff-unit';

const statements = preparedPerConnection((db: Database.Database) => ({
  byId: db.prepare<[number], AffiliationRow>(`SELECT ${COLUMNS} FROM publisher_staff WHERE id = ?`),
  active: db
    .prepare<[number, number], number>(
      "SELECT id FROM publisher_staff WHERE publisher_id = ? AND profile_id = ? AND state = 'active'",
    )
    .pluck(),
  closeInvitations: db.prepare<[AffiliationState, string, string, string | null, number, number, number]>(
    `UPDATE publisher_staff SET state = ?, ended_at = ?, ended_by = ?, ended_reason = ?
     WHERE publisher_id = ? AND profile_id = ? AND state = 'invited' AND id <> ?`,
  ),
  accept: db.prepare<[number, string, number]>(
    "UPDATE publisher_staff SET state = 'active', profile_id = ?, accepted_at = ? WHERE id = ? AND state = 'invited'",
  ),
  close: db.prepare<[AffiliationState, string, string, string | null, number]>(
    'UPDATE publisher_staff SET state = ?, ended_at = ?, ended_by = ?, ended_reason = ? WHERE id = ?',
  ),
  publisherName: db.prepare<[number], string>('SELECT name FROM publishers WHERE id = ?').pluck(),
}));

/** The staff's unit of write inside a transaction the caller holds on `db` (SqliteStaff.inOneWrite's). */
export function sqliteStaffUnit(db: Database.Database): StaffUnitOfWrite {
  const sql = statements(db);
  const affiliation = (id: number) => {
    const row = sql.byId.get(id);
    return row ? toAffiliation(row) : null;
  };
  return {
    affiliation,
    isActiveStaff: (publisherId, profileId) => sql.active.get(publisherId, profileId) !== undefined,
    closeInvitationsOf: (publisherId, profileId, exceptId, { to, actor, reason, at }) => {
      sql.closeInvitations.run(to, at, actor, reason, publisherId, profileId, exceptId);
    },
    markAccepted: (id, profileId, at) => sql.accept.run(profileId, at, id).changes > 0,
    close: (id, from, { to, actor, reason, at }) => {
      const before = affiliation(id);
      if (!before || !from.includes(before.state)) return null;
      sql.close.run(to, at, actor, reason, id);
      return before;
    },
    publisherName: (publisherId) => sql.publisherName.get(publisherId) ?? null,
    // The change and its re-render commit together: nothing stale is ever seen.
    takeOutOfService: () => undefined,
    articles: sqliteArticlesUnit(db),
    answers: sqliteAnswersUnit(db),
  };
}

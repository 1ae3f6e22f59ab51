import { rerenderNow } from '../answers/sqlite-answers-unit';
import { endVouchedArticlesSteps } from '../articles/end-vouched-articles';
import { sqliteArticlesUnit } from '../articles/sqlite-articles';
import { runNow } from '../database/steps';
import type { SqliteDatabase } from '../database/sqlite-database';
import type { Affiliation, AffiliationState, Invitee, Staff } from './staff-repository';

/** Table publisher_staff (migration 031): one row per invitation, kept when it ends. */
export const STAFF_SCHEMA_SQL = `
  CREATE TABLE publisher_staff (
    id INTEGER PRIMARY KEY,
    publisher_id INTEGER NOT NULL REFERENCES publishers(id),
    profile_id INTEGER REFERENCES profiles(id),
    invited_email TEXT,
    state TEXT NOT NULL,
    invited_by TEXT NOT NULL,
    invited_at TEXT NOT NULL,
    accepted_at TEXT,
    ended_at TEXT,
    ended_by TEXT,
    ended_reason TEXT
  );
  -- one open (invited or active) affiliation per publisher and profile, and per publisher and address
  CREATE UNIQUE INDEX publisher_staff_open_profile ON publisher_staff (publisher_id, profile_id)
    WHERE state IN ('invited', 'active') AND profile_id IS NOT NULL;
  CREATE UNIQUE INDEX publisher_staff_open_email ON publisher_staff (publisher_id, invited_email)
    WHERE state IN ('invited', 'active') AND invited_email IS NOT NULL;
  CREATE INDEX publisher_staff_of_publisher ON publisher_staff (publisher_id, id);
  CREATE INDEX publisher_staff_of_profile ON publisher_staff (profile_id, id) WHERE profile_id IS NOT NULL;
  CREATE INDEX publisher_staff_of_email ON publisher_staff (invited_email) WHERE invited_email IS NOT NULL;
`;

interface AffiliationRow {
  id: number;
  publisher_id: number;
  profile_id: number | null;
  invited_email: string | null;
  state: AffiliationState;
  invited_by: string;
  invited_at: string;
  accepted_at: string | null;
  ended_at: string | null;
  ended_by: string | null;
  ended_reason: string | null;
}

const toAffiliation = (row: AffiliationRow): Affiliation => ({
  id: row.id,
  publisherId: row.publisher_id,
  profileId: row.profile_id,
  invitedEmail: row.invited_email,
  state: row.state,
  invitedBy: row.invited_by,
  invitedAt: row.invited_at,
  acceptedAt: row.accepted_at,
  endedAt: row.ended_at,
  endedBy: row.ended_by,
  endedReason: row.ended_reason,
});

const COLUMNS =
  'id, publisher_id, profile_id, invited_email, state, invited_by, invited_at, accepted_at, ended_at, ended_by, ended_reason';
const OPEN = "state IN ('invited', 'active')";

const statements = (database: SqliteDatabase) => ({
  insert: database.prepare<[number, number | null, string | null, string, string]>(
    `INSERT INTO publisher_staff (publisher_id, profile_id, invited_email, state, invited_by, invited_at)
     VALUES (?, ?, ?, 'invited', ?, ?) ON CONFLICT DO NOTHING`,
  ),
  byId: database.prepare<[number], AffiliationRow>(`SELECT ${COLUMNS} FROM publisher_staff WHERE id = ?`),
  invitationsFor: database.prepare<[number | null, string], AffiliationRow>(
    `SELECT ${COLUMNS} FROM publisher_staff WHERE state = 'invited' AND (profile_id = ? OR invited_email = ?) ORDER BY id DESC`,
  ),
  activeOf: database
    .prepare<[number, number], number>(
      "SELECT id FROM publisher_staff WHERE publisher_id = ? AND profile_id = ? AND state = 'active'",
    )
    .pluck(),
  endOtherInvitations: database.prepare<[string, string, number, number, number]>(
    `UPDATE publisher_staff SET state = 'ended', ended_at = ?, ended_by = ?, ended_reason = 'Another invitation was accepted.'
     WHERE publisher_id = ? AND profile_id = ? AND state = 'invited' AND id <> ?`,
  ),
  accept: database.prepare<[number, string, number]>(
    "UPDATE publisher_staff SET state = 'active', profile_id = ?, accepted_at = ? WHERE id = ? AND state = 'invited'",
  ),
  close: database.prepare<[AffiliationState, string, string, string | null, number]>(
    `UPDATE publisher_staff SET state = ?, ended_at = ?, ended_by = ?, ended_reason = ? WHERE id = ? AND ${OPEN}`,
  ),
  eraseInvitationsTo: database.prepare<[string]>('DELETE FROM publisher_staff WHERE invited_email = ? AND profile_id IS NULL'),
  ofPublisher: database.prepare<[number], AffiliationRow>(
    `SELECT ${COLUMNS} FROM publisher_staff WHERE publisher_id = ? ORDER BY id DESC`,
  ),
  ofProfile: database.prepare<[number], AffiliationRow>(
    `SELECT ${COLUMNS} FROM publisher_staff WHERE profile_id = ? ORDER BY id DESC`,
  ),
  publisherName: database.prepare<[number], string>('SELECT name FROM publishers WHERE id = ?').pluck(),
});

/** Staff in the embedded store: the partial unique indexes keep one open affiliation per person and publisher. */
export class SqliteStaff implements Staff {
  private readonly sql: ReturnType<typeof statements>;

  constructor(private readonly database: SqliteDatabase) {
    this.sql = statements(database);
  }

  invite(publisherId: number, invitee: Invitee, actor: string, at: Date): Promise<Affiliation | null> {
    const profileId = 'profileId' in invitee ? invitee.profileId : null;
    const email = 'email' in invitee ? invitee.email.toLowerCase() : null;
    return this.database.write(() => {
      const inserted = this.sql.insert.run(publisherId, profileId, email, actor, at.toISOString());
      return inserted.changes ? toAffiliation(this.sql.byId.get(Number(inserted.lastInsertRowid))!) : null;
    });
  }

  findById(id: number): Promise<Affiliation | null> {
    return this.database.read(() => {
      const row = this.sql.byId.get(id);
      return row ? toAffiliation(row) : null;
    });
  }

  invitationsFor({ profileId, email }: { profileId: number | null; email: string }): Promise<Affiliation[]> {
    return this.database.read(() => this.sql.invitationsFor.all(profileId, email.toLowerCase()).map(toAffiliation));
  }

  accept(id: number, profileId: number, at: Date): Promise<Affiliation | null> {
    return this.database.write((db) => {
      const row = this.sql.byId.get(id);
      if (!row || row.state !== 'invited') return null;
      if (row.profile_id !== null && row.profile_id !== profileId) return null;
      if (this.sql.activeOf.get(row.publisher_id, profileId) !== undefined) return null;
      // An invitation by address accepted by a profile that had one of its own too: that one is answered by this.
      this.sql.endOtherInvitations.run(at.toISOString(), `profile:${profileId}`, row.publisher_id, profileId, id);
      this.sql.accept.run(profileId, at.toISOString(), id);
      rerenderNow(db, [profileId]); // the affiliation is evidence its answers show; its outlet's show the journalist
      return toAffiliation(this.sql.byId.get(id)!);
    });
  }

  decline(id: number, actor: string, at: Date): Promise<boolean> {
    return this.database.write(() => {
      if (this.sql.byId.get(id)?.state !== 'invited') return false;
      return this.sql.close.run('declined', at.toISOString(), actor, null, id).changes > 0;
    });
  }

  end(id: number, actor: string, reason: string, at: Date): Promise<boolean> {
    return this.database.write((db) => {
      const row = this.sql.byId.get(id);
      const ended = this.sql.close.run('ended', at.toISOString(), actor, reason, id).changes > 0;
      if (ended && row?.state === 'active' && row.profile_id !== null) {
        // What the publisher vouched for ends with it, in the same transaction (see endVouchedArticlesSteps).
        const ending = {
          affiliationId: id,
          profileId: row.profile_id,
          publisherName: this.sql.publisherName.get(row.publisher_id) ?? 'the publisher',
          actor,
        };
        runNow(endVouchedArticlesSteps(sqliteArticlesUnit(db), ending, at.toISOString()));
        // An active affiliation was evidence its journalist's answers showed, and its outlet's answers showed them.
        rerenderNow(db, [row.profile_id], [row.publisher_id]);
      }
      return ended;
    });
  }

  eraseInvitationsTo(email: string): Promise<number> {
    return this.database.write(() => this.sql.eraseInvitationsTo.run(email.toLowerCase()).changes);
  }

  ofPublisher(publisherId: number): Promise<Affiliation[]> {
    return this.database.read(() => this.sql.ofPublisher.all(publisherId).map(toAffiliation));
  }

  ofProfile(profileId: number): Promise<Affiliation[]> {
    return this.database.read(() => this.sql.ofProfile.all(profileId).map(toAffiliation));
  }
}

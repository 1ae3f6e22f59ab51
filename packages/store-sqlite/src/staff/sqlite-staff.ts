import { runNow, type Steps } from '@byline/domain/store/steps';
import type { SqliteDatabase } from '../store/sqlite-database';
import { COLUMNS, toAffiliation, type AffiliationRow } from './sqlite-staff-rows';
import { sqliteStaffUnit } from './sqlite-staff-unit';
import type { Affiliation, Invitee } from '@byline/domain/staff/staff-repository';
import type { StaffStore } from '@byline/domain/staff/staff-store';
import type { StaffUnitOfWrite } from '@byline/domain/staff/staff-unit';

const statements = (database: SqliteDatabase) => ({
  insert: database.prepare<[number, number | null, string | null, string, string]>(
    `INSERT INTO publisher_staff (publisher_id, profile_id, invited_email, state, invited_by, invited_at)
     VALUES (?, ?, ?, 'invited', ?, ?) ON CONFLICT DO NOTHING`,
  ),
  byId: database.prepare<[number], AffiliationRow>(`SELECT ${COLUMNS} FROM publisher_staff WHERE id = ?`),
  invitationsFor: database.prepare<[number | null, string], AffiliationRow>(
    `SELECT ${COLUMNS} FROM publisher_staff WHERE state = 'invited' AND (profile_id = ? OR invited_email = ?) ORDER BY id DESC`,
  ),
  eraseInvitationsTo: database.prepare<[string]>('DELETE FROM publisher_staff WHERE invited_email = ? AND profile_id IS NULL'),
  ofPublisher: database.prepare<[number], AffiliationRow>(
    `SELECT ${COLUMNS} FROM publisher_staff WHERE publisher_id = ? ORDER BY id DESC`,
  ),
  ofProfile: database.prepare<[number], AffiliationRow>(
    `SELECT ${COLUMNS} FROM publisher_staff WHERE profile_id = ? ORDER BY id DESC`,
  ),
});

/** Staff in the embedded store: the partial unique indexes keep one open affiliation per person and publisher. */
export class SqliteStaff implements StaffStore {
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

  inOneWrite<T>(steps: (unit: StaffUnitOfWrite) => Steps<T>): Promise<T> {
    return this.database.write((db) => runNow(steps(sqliteStaffUnit(db))));
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

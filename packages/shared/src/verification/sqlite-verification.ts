import type Database from 'better-sqlite3';
import type { AuditAction } from '../audit/audit-repository';
import { rerenderNow } from '../answers/sqlite-answers-unit';
import type { SqliteDatabase } from '../database/sqlite-database';
import { recordEventsNow } from '../webhook-events/sqlite-outbox';
import { journalistVerificationEvent } from '../webhook-events/webhook-event';
import type { ReturnToQueue, Verification, VerificationDecision, VerificationRequest } from './verification-repository';

interface RequestRow {
  id: number;
  profile_id: number;
  requested_by: string;
  requested_at: string;
  status: VerificationRequest['status'];
}

const toRequest = (row: RequestRow): VerificationRequest => ({
  id: row.id,
  profileId: row.profile_id,
  requestedBy: row.requested_by,
  requestedAt: row.requested_at,
  status: row.status,
});

const statements = (database: SqliteDatabase) => ({
  pendingOf: database.prepare<[number], RequestRow>(
    "SELECT * FROM verification_requests WHERE profile_id = ? AND status = 'pending'",
  ),
  pending: database.prepare<[], RequestRow>(
    "SELECT * FROM verification_requests WHERE status = 'pending' ORDER BY requested_at, id",
  ),
  byId: database.prepare<[number], RequestRow>('SELECT * FROM verification_requests WHERE id = ?'),
  open: database.prepare<[number, string, string]>(
    'INSERT INTO verification_requests (profile_id, requested_by, requested_at) VALUES (?, ?, ?)',
  ),
  close: database.prepare<[VerificationRequest['status'], number]>(
    "UPDATE verification_requests SET status = ? WHERE profile_id = ? AND status = 'pending'",
  ),
  profileDoc: database.prepare<[number], { slug: string; verified: number; doc: string }>(
    'SELECT slug, verified, doc FROM profiles WHERE id = ?',
  ),
  setVerified: database.prepare<[number, string, number]>('UPDATE profiles SET verified = ?, doc = ? WHERE id = ?'),
  audit: database.prepare<[number, string, AuditAction, string, string]>(
    'INSERT INTO verification_audit (profile_id, actor, action, note, at) VALUES (?, ?, ?, ?, ?)',
  ),
});

/**
 * The verification_requests table and the profiles' verified flag. Each change, with its audit record, is one unit
 * of write: nothing is verified, queued or decided without its line in the history.
 */
export class SqliteVerification implements Verification {
  private readonly sql: ReturnType<typeof statements>;

  constructor(private readonly database: SqliteDatabase) {
    this.sql = statements(database);
  }

  request(profileId: number, requestedBy: string): Promise<VerificationRequest> {
    return this.database.write(() => {
      const pending = this.sql.pendingOf.get(profileId);
      if (pending) return toRequest(pending);
      const now = new Date().toISOString();
      const id = Number(this.sql.open.run(profileId, requestedBy, now).lastInsertRowid);
      this.sql.audit.run(profileId, requestedBy, 'requested', '', now);
      return toRequest(this.sql.byId.get(id)!);
    });
  }

  pendingOf(profileId: number): Promise<VerificationRequest | null> {
    return this.database.read(() => {
      const row = this.sql.pendingOf.get(profileId);
      return row ? toRequest(row) : null;
    });
  }

  pending(): Promise<VerificationRequest[]> {
    return this.database.read(() => this.sql.pending.all().map(toRequest));
  }

  decide({ profileId, actor, action, note }: VerificationDecision): Promise<boolean> {
    return this.database.write((db) => {
      const verified = action === 'verified';
      if (!this.setVerified(db, profileId, verified)) return false;
      this.sql.close.run(verified ? 'approved' : 'rejected', profileId);
      this.sql.audit.run(profileId, actor, action, note, new Date().toISOString());
      return true;
    });
  }

  returnToQueue({ profileId, actor, action, note }: ReturnToQueue): Promise<boolean> {
    return this.database.write((db) => {
      if (!this.setVerified(db, profileId, false)) return false;
      const now = new Date().toISOString();
      if (!this.sql.pendingOf.get(profileId)) this.sql.open.run(profileId, actor, now);
      this.sql.audit.run(profileId, actor, action, note, now);
      return true;
    });
  }

  withdraw(profileId: number, actor: string): Promise<boolean> {
    return this.database.write(() => {
      if (this.sql.close.run('withdrawn', profileId).changes === 0) return false;
      this.sql.audit.run(profileId, actor, 'withdrawn', '', new Date().toISOString());
      return true;
    });
  }

  /**
   * The flag, and its copy in the profile's document, with the webhook event when the flag changes (in the same
   * transaction); false when there is no such profile.
   */
  private setVerified(db: Database.Database, profileId: number, verified: boolean): boolean {
    const row = this.sql.profileDoc.get(profileId);
    if (!row) return false;
    const doc = { ...JSON.parse(row.doc), verified };
    this.sql.setVerified.run(verified ? 1 : 0, JSON.stringify(doc), profileId);
    if (Boolean(row.verified) !== verified) recordEventsNow(db, [journalistVerificationEvent(row.slug, verified)]);
    // The outlets the journalist works for show only verified staff (see rerenderOutlets).
    rerenderNow(db, [profileId]);
    return true;
  }
}

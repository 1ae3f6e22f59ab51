import type Database from 'better-sqlite3';
import type { AuditAction } from '@byline/domain/audit/audit-repository';
import { sqliteAnswersUnit } from '../answers/sqlite-answers-unit';
import { runNow, type Steps } from '@byline/domain/store/steps';
import type { SqliteDatabase } from '../store/sqlite-database';
import { preparedPerConnection } from '../store/prepared-per-connection';
import { recordEventsNow } from '../webhook-events/sqlite-queued-events';
import type { VerificationRequest } from '@byline/domain/verification/verification-repository';
import type { VerificationStore } from '@byline/domain/verification/verification-store';
import type { VerificationUnitOfWrite } from '@byline/domain/verification/verification-unit';

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

const statements = preparedPerConnection((db: Database.Database) => ({
  pendingOf: db.prepare<[number], RequestRow>("SELECT * FROM verification_requests WHERE profile_id = ? AND status = 'pending'"),
  pending: db.prepare<[], RequestRow>("SELECT * FROM verification_requests WHERE status = 'pending' ORDER BY requested_at, id"),
  byId: db.prepare<[number], RequestRow>('SELECT * FROM verification_requests WHERE id = ?'),
  open: db.prepare<[number, string, string]>(
    'INSERT INTO verification_requests (profile_id, requested_by, requested_at) VALUES (?, ?, ?)',
  ),
  close: db.prepare<[VerificationRequest['status'], number]>(
    "UPDATE verification_requests SET status = ? WHERE id = ? AND status = 'pending'",
  ),
  profile: db.prepare<[number], { slug: string; verified: number; doc: string }>(
    'SELECT slug, verified, doc FROM profiles WHERE id = ?',
  ),
  setVerified: db.prepare<[number, string, number]>('UPDATE profiles SET verified = ?, doc = ? WHERE id = ?'),
  audit: db.prepare<[number, string, AuditAction, string, string]>(
    'INSERT INTO verification_audit (profile_id, actor, action, note, at) VALUES (?, ?, ?, ?, ?)',
  ),
}));

/** The editors' queue's unit of write inside a transaction the caller holds on `db`. */
export function sqliteVerificationUnit(db: Database.Database): VerificationUnitOfWrite {
  const sql = statements(db);
  const pendingRequest = (profileId: number) => {
    const row = sql.pendingOf.get(profileId);
    return row ? toRequest(row) : null;
  };
  return {
    profile: (profileId) => {
      const row = sql.profile.get(profileId);
      return row ? { slug: row.slug, verified: row.verified === 1 } : null;
    },
    pendingRequest,
    openRequest: (profileId, requestedBy, at) => {
      const pending = pendingRequest(profileId);
      if (pending) return { request: pending, opened: false };
      const id = Number(sql.open.run(profileId, requestedBy, at).lastInsertRowid);
      return { request: toRequest(sql.byId.get(id)!), opened: true };
    },
    closeRequest: (request, status) => sql.close.run(status, request.id).changes > 0,
    writeVerified: (profileId, verified, event) => {
      const row = sql.profile.get(profileId);
      if (!row || (row.verified === 1) === verified) return;
      // The flag, and its copy in the profile's document.
      sql.setVerified.run(verified ? 1 : 0, JSON.stringify({ ...JSON.parse(row.doc), verified }), profileId);
      recordEventsNow(db, [event]);
    },
    // Inside the transaction no two closings of one request meet: the key is not needed to tell them apart.
    appendAudit: ({ profileId, actor, action, note, at }) => {
      sql.audit.run(profileId, actor, action, note, at);
      return true;
    },
    // The change and its re-render commit together: nothing stale is ever seen.
    takeOutOfService: () => undefined,
    answers: sqliteAnswersUnit(db),
  };
}

/** The verification_requests table and the profiles' verified flag; each change is one transaction (inOneWrite). */
export class SqliteVerification implements VerificationStore {
  constructor(private readonly database: SqliteDatabase) {}

  inOneWrite<T>(steps: (unit: VerificationUnitOfWrite) => Steps<T>): Promise<T> {
    return this.database.write((db) => runNow(steps(sqliteVerificationUnit(db))));
  }

  pendingOf(profileId: number): Promise<VerificationRequest | null> {
    return this.database.read((db) => {
      const row = statements(db).pendingOf.get(profileId);
      return row ? toRequest(row) : null;
    });
  }

  pending(): Promise<VerificationRequest[]> {
    return this.database.read((db) => statements(db).pending.all().map(toRequest));
  }
}

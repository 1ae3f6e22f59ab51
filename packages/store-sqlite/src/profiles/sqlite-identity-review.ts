import type Database from 'better-sqlite3';
import { sqliteAnswersUnit } from '../answers/sqlite-answers-unit';
import { preparedPerConnection } from '../store/prepared-per-connection';
import type { PendingIdentityChange } from '@byline/domain/profiles/identity-review';
import type { IdentityUnitOfWrite } from '@byline/domain/profiles/identity-unit';
import { sqliteSlugsUnit } from './sqlite-slugs';

const statements = preparedPerConnection((db: Database.Database) => ({
  pendingOf: db.prepare<[number], { pending_identity: string | null }>('SELECT pending_identity FROM profiles WHERE id = ?'),
  allPending: db.prepare<[], { id: number; pending_identity: string }>(
    'SELECT id, pending_identity FROM profiles WHERE pending_identity IS NOT NULL',
  ),
  identityOf: db.prepare<[number], { slug: string; verified: number; doc: string; pending_identity: string | null }>(
    'SELECT slug, verified, doc, pending_identity FROM profiles WHERE id = ?',
  ),
  write: db.prepare<[string, string | null, number]>('UPDATE profiles SET doc = ?, pending_identity = ? WHERE id = ?'),
  audit: db.prepare<[number, string, string, string, string]>(
    'INSERT INTO verification_audit (profile_id, actor, action, note, at) VALUES (?, ?, ?, ?, ?)',
  ),
}));

const parse = (text: string | null | undefined): PendingIdentityChange | null =>
  text ? (JSON.parse(text) as PendingIdentityChange) : null;

/** The pending identity change in the profiles table's pending_identity column (read inside a unit of read). */
export function pendingIdentityNow(db: Database.Database, profileId: number): PendingIdentityChange | null {
  return parse(statements(db).pendingOf.get(profileId)?.pending_identity);
}

/** Every pending identity change, oldest request first. */
export function pendingIdentityChangesNow(db: Database.Database): { profileId: number; change: PendingIdentityChange }[] {
  return statements(db)
    .allPending.all()
    .map((row) => ({ profileId: row.id, change: parse(row.pending_identity)! }))
    .sort((a, b) => (a.change.requested_at < b.change.requested_at ? -1 : a.change.requested_at > b.change.requested_at ? 1 : 0));
}

/**
 * The identity review's unit of write inside a transaction the caller holds on `db`: the pending change in the
 * pending_identity column beside the approved document the answers are rendered from (the rules are
 * identity-changes.ts's; one transaction, so nothing moves between a read and a write).
 */
export function sqliteIdentityUnit(db: Database.Database): IdentityUnitOfWrite {
  const sql = statements(db);
  return {
    ...sqliteSlugsUnit(db),
    identityOf: (profileId) => {
      const row = sql.identityOf.get(profileId);
      if (!row) return null;
      const approved = JSON.parse(row.doc) as Record<string, string>;
      return { slug: row.slug, verified: row.verified === 1, approved, pending: parse(row.pending_identity) };
    },
    writeIdentity: (profileId, values, pending) => {
      const row = sql.identityOf.get(profileId);
      if (!row) return false;
      const doc = { ...(JSON.parse(row.doc) as Record<string, unknown>), ...values };
      sql.write.run(JSON.stringify(doc), pending ? JSON.stringify(pending) : null, profileId);
      return true;
    },
    appendAudit: ({ profileId, actor, action, note, at }) => {
      sql.audit.run(profileId, actor, action, note, at);
    },
    answers: sqliteAnswersUnit(db),
  };
}

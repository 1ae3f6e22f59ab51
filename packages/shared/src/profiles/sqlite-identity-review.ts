import type Database from 'better-sqlite3';
import type { SqliteDatabase } from '../database/sqlite-database';
import type { Profile } from '../domain/types';
import { rerenderNow } from '../answers/sqlite-answers-unit';
import {
  describeIdentityChange,
  sameIdentityValues,
  splitIdentityChange,
  type IdentityDecision,
  type IdentityDecisionOutcome,
  type PendingIdentityChange,
} from './identity-review';
import type { ProfileFields } from './profile-fields';
import { namesAfterChange, slugFitsBase } from './profile-slugs';
import { freeSlugNow, moveSlugNow } from './sqlite-slugs';

const statements = (database: SqliteDatabase) => ({
  pendingOf: database.prepare<[number], { pending_identity: string | null }>(
    'SELECT pending_identity FROM profiles WHERE id = ?',
  ),
  allPending: database.prepare<[], { id: number; pending_identity: string }>(
    'SELECT id, pending_identity FROM profiles WHERE pending_identity IS NOT NULL',
  ),
  docOf: database.prepare<[number], { doc: string }>('SELECT doc FROM profiles WHERE id = ?'),
  write: database.prepare<[string, string | null, number]>('UPDATE profiles SET doc = ?, pending_identity = ? WHERE id = ?'),
  userEmail: database.prepare<[number], { email: string }>('SELECT email FROM portal_users WHERE id = ?'),
  audit: database.prepare<[number, string, string, string, string]>(
    'INSERT INTO verification_audit (profile_id, actor, action, note, at) VALUES (?, ?, ?, ?, ?)',
  ),
});

const parse = (text: string | null | undefined): PendingIdentityChange | null =>
  text ? (JSON.parse(text) as PendingIdentityChange) : null;

/**
 * The pending identity change in the profiles table's pending_identity column, beside the approved document the
 * answers are rendered from; each step runs inside its caller's unit of write or read.
 */
export class SqliteIdentityReview {
  private readonly sql: ReturnType<typeof statements>;

  constructor(database: SqliteDatabase) {
    this.sql = statements(database);
  }

  pendingOf(profileId: number): PendingIdentityChange | null {
    return parse(this.sql.pendingOf.get(profileId)?.pending_identity);
  }

  allPending(): { profileId: number; change: PendingIdentityChange }[] {
    return this.sql.allPending
      .all()
      .map((row) => ({ profileId: row.id, change: parse(row.pending_identity)! }))
      .sort((a, b) =>
        a.change.requested_at < b.change.requested_at ? -1 : a.change.requested_at > b.change.requested_at ? 1 : 0,
      );
  }

  /**
   * A save's document and pending change, written together (inside save's unit of write): the reviewed fields of
   * a verified profile keep their approved values, a new or different pending change is recorded as requested.
   * The typed handles are not written: they become claims, and the document shows the proven ones only.
   */
  saveFields(current: Profile, userId: number, fields: ProfileFields): void {
    const { id, ...stored } = current;
    const before = this.pendingOf(id);
    const { applied, pending } = splitIdentityChange(current, current.verified, fields);
    const unchanged = pending !== null && sameIdentityValues(before?.fields, pending);
    const requestedBy = this.sql.userEmail.get(userId)?.email ?? `portal user ${userId}`;
    const now = new Date().toISOString();
    const change: PendingIdentityChange | null = pending
      ? unchanged
        ? before
        : { fields: pending, requested_by: requestedBy, requested_at: now }
      : null;
    // The shown handles stay those of the proven claims: the caller shows them again (showProvenHandles) once the
    // claims are written, comparing with these, so only a proven handle's change is told by webhook.
    const doc = { ...stored, ...applied, profile_social_profiles: stored.profile_social_profiles };
    this.sql.write.run(JSON.stringify(doc), change ? JSON.stringify(change) : null, id);
    if (pending && !unchanged) {
      this.sql.audit.run(id, requestedBy, 'identity-change-requested', describeIdentityChange(current, pending), now);
    }
  }

  /** The decision, its values (when approved), its audit record and the re-rendered answers: one unit of write. */
  decide(
    db: Database.Database,
    { profileId, actor, action, note, requestedAt, slugBaseOf }: IdentityDecision,
  ): IdentityDecisionOutcome {
    const change = this.pendingOf(profileId);
    if (!change) return { ok: false, reason: 'no-pending-change' };
    if (requestedAt !== undefined && requestedAt !== change.requested_at) return { ok: false, reason: 'changed-since' };
    const doc = JSON.parse(this.sql.docOf.get(profileId)!.doc) as Record<string, unknown>;
    const approved = action === 'identity-change-approved';
    this.sql.write.run(JSON.stringify(approved ? { ...doc, ...change.fields } : doc), null, profileId);
    if (approved && slugBaseOf) {
      const { first, last } = namesAfterChange(doc, change.fields);
      const slugBase = slugBaseOf(first, last);
      if (!slugFitsBase(String(doc.profile_slug), slugBase)) {
        moveSlugNow(db, profileId, freeSlugNow(db, slugBase, profileId), { keepFormer: true });
      }
    }
    this.sql.audit.run(profileId, actor, action, note, new Date().toISOString());
    if (approved) rerenderNow(db, [profileId]);
    return { ok: true, change };
  }
}

import type Database from 'better-sqlite3';
import { rerenderNow } from '../answers/sqlite-answers-unit';
import { recordEventsNow } from '../webhook-events/sqlite-outbox';
import { journalistVerificationEvent } from '../webhook-events/webhook-event';
import { RECHECK_TOPIC } from '../recheck/recheck-records';

/**
 * Taking a profile out of the embedded store, as its owner asked. Each function is run inside one unit of write
 * (one transaction) by SqliteProfiles, so either all of it is done or none.
 */

/** Off the verifiers at once: the flag off (both lookups need it) and the profile's handles out of the lookup index. */
export function withdrawFromLookupsNow(db: Database.Database, profileId: number): boolean {
  const row = db
    .prepare<[number], { slug: string; verified: number; doc: string }>('SELECT slug, verified, doc FROM profiles WHERE id = ?')
    .get(profileId);
  if (!row) return false;
  const doc = { ...JSON.parse(row.doc), verified: false };
  db.prepare('UPDATE profiles SET verified = 0, doc = ? WHERE id = ?').run(JSON.stringify(doc), profileId);
  // A verified profile leaving is unverified: told by webhook, in the same transaction.
  if (row.verified) recordEventsNow(db, [journalistVerificationEvent(row.slug, false)]);
  db.prepare('DELETE FROM social_handles WHERE profile_id = ?').run(profileId);
  rerenderNow(db, [profileId]); // the outlets it worked for stop showing it and its articles
  return true;
}

/**
 * Every record of the profile: its re-check queue items, evidence, claims, articles, requests, history, handles, affiliations with publishers,
 * former slugs (their addresses are free again) and the profile itself; the portal user that owns it keeps its account, without a profile (the caller removes it).
 */
export function eraseNow(db: Database.Database, profileId: number): boolean {
  if (!withdrawFromLookupsNow(db, profileId)) return false;
  const evidenceOf = 'SELECT e.id FROM evidence e JOIN claims c ON c.id = e.claim_id WHERE c.profile_id = @profileId';
  db.prepare(`DELETE FROM queue_items WHERE topic = @topic AND key IN (SELECT CAST(id AS TEXT) FROM (${evidenceOf}))`).run({
    topic: RECHECK_TOPIC,
    profileId,
  });
  db.prepare(`DELETE FROM evidence WHERE id IN (${evidenceOf})`).run({ profileId });
  for (const table of ['claims', 'articles', 'verification_requests', 'verification_audit', 'publisher_staff', 'former_slugs']) {
    db.prepare(`DELETE FROM ${table} WHERE profile_id = ?`).run(profileId);
  }
  db.prepare('UPDATE portal_users SET profile_id = NULL WHERE profile_id = ?').run(profileId);
  db.prepare('DELETE FROM profiles WHERE id = ?').run(profileId);
  return true;
}

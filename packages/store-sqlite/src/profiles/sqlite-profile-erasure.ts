import type Database from 'better-sqlite3';
import { rerenderNow } from '../answers/sqlite-answers-unit';
import { recordEventsNow } from '../webhook-events/sqlite-outbox';
import { journalistVerificationEvent, WEBHOOK_EVENT_TOPIC } from '@byline/domain/webhook-events/webhook-event';
import { RECHECK_TOPIC } from '@byline/domain/recheck/recheck-records';
import { ARTICLE_CHECK_TOPIC, PROOF_ATTEMPT_TOPIC } from '@byline/domain/queue/topics';
import {
  DROPPED_ON_ERASURE,
  JOURNALIST_EVENT_TYPES,
  redactedJournalistBody,
  redactedOnErasure,
} from '@byline/domain/webhook-events/erased-journalist';

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
 * Every table that names the profile by its id, as SqliteProfiles.erase clears them (one transaction: all or none).
 * packages/portal/test/account-erasure.test.ts reads the schema for columns naming a profile and fails when a new
 * table is not listed there, or when a listed one still holds the person's rows after a deletion.
 */
export const PROFILE_TABLES = [
  'claims',
  'articles',
  'verification_requests',
  'verification_audit',
  'publisher_staff',
  'attribution_domains',
  'proof_attempts',
  'former_slugs', // their addresses are free again
] as const;

/** The queue items of a profile's work: re-checks of its evidence, checks of its articles, sign-ins in progress. */
function eraseQueuedWorkNow(db: Database.Database, profileId: number): void {
  const evidenceOf = 'SELECT e.id FROM evidence e JOIN claims c ON c.id = e.claim_id WHERE c.profile_id = @profileId';
  const articlesOf = 'SELECT id FROM articles WHERE profile_id = @profileId';
  db.prepare(
    `DELETE FROM queue_items WHERE (topic = @recheck AND key IN (SELECT CAST(id AS TEXT) FROM (${evidenceOf})))
       OR (topic = @articleCheck AND key IN (SELECT CAST(id AS TEXT) FROM (${articlesOf})))
       OR (topic = @proofAttempt AND json_extract(payload, '$.profileId') = @profileId)`,
  ).run({ recheck: RECHECK_TOPIC, articleCheck: ARTICLE_CHECK_TOPIC, proofAttempt: PROOF_ATTEMPT_TOPIC, profileId });
}

/**
 * The webhook events about the journalist still queued for fan-out are dropped (all but journalist.unverified, see
 * DROPPED_ON_ERASURE), and the messages about them in every API account's delivery log lose their data (see
 * redactedOnErasure).
 */
function forgetEventsAboutNow(db: Database.Database, slug: string): void {
  const dropped = DROPPED_ON_ERASURE.map(() => '?').join(', ');
  db.prepare(
    `DELETE FROM queue_items WHERE topic = ? AND json_extract(payload, '$.payload.type') IN (${dropped})
       AND json_extract(payload, '$.payload.data.slug') = ?`,
  ).run(WEBHOOK_EVENT_TOPIC, ...DROPPED_ON_ERASURE, slug);
  const types = JOURNALIST_EVENT_TYPES.map(() => '?').join(', ');
  const about = db
    .prepare<unknown[], { id: number; type: string; state: string; body: string }>(
      `SELECT id, type, state, body FROM webhook_messages WHERE type IN (${types}) AND json_extract(body, '$.data.slug') = ?`,
    )
    .all(...JOURNALIST_EVENT_TYPES, slug);
  const redact = db.prepare<[string, number]>('UPDATE webhook_messages SET body = ? WHERE id = ?');
  for (const message of about.filter(redactedOnErasure)) redact.run(redactedJournalistBody(message.body), message.id);
}

/**
 * Every record of the profile: its queued work, evidence, claims, articles, requests, history, pending identity
 * change (on its row), handles, affiliations with publishers, attribution domains, and the profile itself; the
 * webhook events about it are dropped or redacted (forgetEventsAboutNow). The portal user that owns it keeps its
 * account, without a profile (the caller removes it). The delivery logs are read whole (a scan of 30 days of
 * messages): a deletion is rare, and this runs once per deletion.
 */
export function eraseNow(db: Database.Database, profileId: number): boolean {
  const slug = db.prepare<[number], string>('SELECT slug FROM profiles WHERE id = ?').pluck().get(profileId);
  if (slug === undefined || !withdrawFromLookupsNow(db, profileId)) return false;
  // Messages sent before an approved change of name carry its former slugs: they are about her too.
  const formerSlugs = db.prepare<[number], string>('SELECT slug FROM former_slugs WHERE profile_id = ?').pluck().all(profileId);
  eraseQueuedWorkNow(db, profileId);
  db.prepare('DELETE FROM evidence WHERE claim_id IN (SELECT id FROM claims WHERE profile_id = ?)').run(profileId);
  for (const table of PROFILE_TABLES) db.prepare(`DELETE FROM ${table} WHERE profile_id = ?`).run(profileId);
  db.prepare('UPDATE portal_users SET profile_id = NULL WHERE profile_id = ?').run(profileId);
  for (const named of [slug, ...formerSlugs]) forgetEventsAboutNow(db, named);
  db.prepare('DELETE FROM profiles WHERE id = ?').run(profileId);
  return true;
}

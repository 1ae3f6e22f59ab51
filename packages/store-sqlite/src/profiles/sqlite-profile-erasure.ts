import type Database from 'better-sqlite3';
import { sqliteAnswersUnit } from '../answers/sqlite-answers-unit';
import { preparedPerConnection } from '../store/prepared-per-connection';
import { WEBHOOK_EVENT_TOPIC } from '@byline/domain/webhook-events/webhook-event';
import type { LoggedMessage, ProfileErasureUnit } from '@byline/domain/profiles/erasure-unit';
import { erasureUnitOver, type ErasureDocuments } from '@byline/domain/profiles/erasure-documents';
import { SqliteDatabase } from '../store/sqlite-database';
import { SqliteDocuments } from '../documents/sqlite-documents';
import { claimDocumentsOn } from '../claims/sqlite-claims-unit';
import { USERS_TABLE } from '../users/sqlite-users-table';
import { WEBHOOK_MESSAGES_TABLE } from '../webhooks/sqlite-webhook-tables';
import { ARTICLES_TABLE } from '../articles/sqlite-articles';
import { profileDocumentsOn } from './sqlite-profiles-table';

/**
 * Every table that names the profile by its id, as deleteRecordsOf clears them (claims again: none are left by then).
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

/** A JSON array of values, for `IN (SELECT value FROM json_each(?))`. */
const list = (values: readonly (string | number)[]) => JSON.stringify(values);

const statements = preparedPerConnection((db: Database.Database) => ({
  deleteHandles: db.prepare<[number]>('DELETE FROM social_handles WHERE profile_id = ?'),
  dropQueued: db.prepare<[string, string]>('DELETE FROM queue_items WHERE topic = ? AND key IN (SELECT value FROM json_each(?))'),
  dropQueuedNaming: db.prepare<[string, number]>(
    "DELETE FROM queue_items WHERE topic = ? AND json_extract(payload, '$.profileId') = ?",
  ),
  dropQueuedEvents: db.prepare<[string, string, string]>(
    `DELETE FROM queue_items WHERE topic = ? AND json_extract(payload, '$.payload.type') IN (SELECT value FROM json_each(?))
       AND json_extract(payload, '$.payload.data.slug') = ?`,
  ),
  messagesAbout: db.prepare<[string, string], LoggedMessage>(
    `SELECT id, type, state, body FROM webhook_messages WHERE type IN (SELECT value FROM json_each(?))
       AND json_extract(body, '$.data.slug') = ?`,
  ),
  deleteRecords: PROFILE_TABLES.map((table) => db.prepare<[number]>(`DELETE FROM ${table} WHERE profile_id = ?`)),
  deleteProfile: db.prepare<[number]>('DELETE FROM profiles WHERE id = ?'),
}));

/** The erasure's documents on this connection, as steps inside the caller's transaction. */
const erasureDocumentsOn = preparedPerConnection((db: Database.Database): ErasureDocuments => {
  const database = new SqliteDatabase(db.name, db);
  return {
    ...claimDocumentsOn(db),
    formerSlugs: profileDocumentsOn(db).formerSlugs,
    articles: new SqliteDocuments(database, ARTICLES_TABLE).steps,
    messages: new SqliteDocuments(database, WEBHOOK_MESSAGES_TABLE).steps,
    users: new SqliteDocuments(database, USERS_TABLE).steps,
  };
});

/**
 * The erasure's unit of write inside a transaction the caller holds on `db` (SqliteProfiles.inErasureWrite's): the
 * whole erasure commits together, so the order the rule writes in is never seen. Slugs, claims, proofs, articles,
 * messages and users are the generic documents' (erasureUnitOver).
 */
export function sqliteErasureUnit(db: Database.Database): ProfileErasureUnit {
  const sql = statements(db);
  return erasureUnitOver(erasureDocumentsOn(db), {
    deleteHandles: (profileId) => {
      sql.deleteHandles.run(profileId);
    },
    // The change and its re-render commit together: nothing stale is ever seen.
    takeOutOfService: () => undefined,
    dropQueued: (topic, keys) => {
      sql.dropQueued.run(topic, list(keys));
    },
    dropQueuedNaming: (topic, profileId) => {
      sql.dropQueuedNaming.run(topic, profileId);
    },
    dropQueuedEvents: (slug, types) => {
      sql.dropQueuedEvents.run(WEBHOOK_EVENT_TOPIC, list(types), slug);
    },
    loggedMessagesAbout: (slug, types) => sql.messagesAbout.all(list(types), slug),
    // Events are queued by the write that makes them (recordEventsNow): none wait on a row.
    relayEventsOf: () => undefined,
    deleteRecordsOf: (profileId) => {
      for (const statement of sql.deleteRecords) statement.run(profileId);
    },
    deleteProfile: (profileId) => {
      // The owner's link (portal_users.profile_id) goes in a later step of this transaction: its foreign key is
      // checked when the transaction commits (the setting ends with it).
      db.pragma('defer_foreign_keys = ON');
      sql.deleteProfile.run(profileId);
    },
    answers: sqliteAnswersUnit(db),
  });
}

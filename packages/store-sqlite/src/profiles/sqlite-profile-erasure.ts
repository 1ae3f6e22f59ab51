import type Database from 'better-sqlite3';
import { sqliteAnswersUnit } from '../answers/sqlite-answers-unit';
import { preparedPerConnection } from '../store/prepared-per-connection';
import type { ProfileErasureUnit } from '@byline/domain/profiles/erasure-unit';
import { erasureUnitOver, type ErasureDocuments } from '@byline/domain/profiles/erasure-documents';
import { storedNames } from '@byline/domain/documents/stored-names';
import { HANDLE_FIELDS, type HandleDocument } from '@byline/domain/social/handle-fields';
import { QUEUE_ITEM_FIELDS, type QueueItemDocument } from '@byline/domain/queue/queue-item-fields';
import { SqliteDatabase } from '../store/sqlite-database';
import { SqliteDocuments, type SqliteTable } from '../documents/sqlite-documents';
import { claimDocumentsOn } from '../claims/sqlite-claims-unit';
import { USERS_TABLE } from '../users/sqlite-users-table';
import { WEBHOOK_MESSAGES_TABLE } from '../webhooks/sqlite-webhook-tables';
import { ARTICLES_TABLE } from '../articles/sqlite-articles';
import { profileDocumentsOn } from './sqlite-profiles-table';

/**
 * Every table that names the profile by its id, as deleteRecordsOf clears them (claims again: none are left by then),
 * but the lookups' answer tables, which their trigger clears with the profile's row (see sqlite-answer-tables.ts).
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

/** The handle lookup index, as the erasure clears a profile's entries (the verifiers read it by hand). */
export const HANDLES_TABLE: SqliteTable<HandleDocument> = {
  name: 'social_handles',
  columns: storedNames(HANDLE_FIELDS),
  key: ['socialType', 'handleKey'],
};

/** The leased queue's items, as the erasure reads and drops them (one per topic and key). */
export const QUEUE_ITEMS_TABLE: SqliteTable<QueueItemDocument> = {
  name: 'queue_items',
  columns: storedNames(QUEUE_ITEM_FIELDS),
  key: ['topic', 'key'],
};

const deleteRecords = preparedPerConnection((db: Database.Database) =>
  PROFILE_TABLES.map((table) => db.prepare<[number]>(`DELETE FROM ${table} WHERE profile_id = ?`)),
);

/** The erasure's documents on this connection, as steps inside the caller's transaction. */
const erasureDocumentsOn = preparedPerConnection((db: Database.Database): ErasureDocuments => {
  const database = new SqliteDatabase(db.name, db);
  return {
    ...claimDocumentsOn(db),
    formerSlugs: profileDocumentsOn(db).formerSlugs,
    articles: new SqliteDocuments(database, ARTICLES_TABLE).steps,
    messages: new SqliteDocuments(database, WEBHOOK_MESSAGES_TABLE).steps,
    users: new SqliteDocuments(database, USERS_TABLE).steps,
    handles: new SqliteDocuments(database, HANDLES_TABLE).steps,
    queue: new SqliteDocuments(database, QUEUE_ITEMS_TABLE).steps,
  };
});

/**
 * The erasure's unit of write inside a transaction the caller holds on `db` (SqliteProfiles.inErasureWrite's): the
 * whole erasure commits together, so the order the rule writes in is never seen. All but the tables naming the
 * profile and the answers are the generic documents' (erasureUnitOver).
 */
export function sqliteErasureUnit(db: Database.Database): ProfileErasureUnit {
  // The profile goes before its owner's link (portal_users.profile_id): that foreign key is checked when the
  // transaction commits (the setting ends with it).
  db.pragma('defer_foreign_keys = ON');
  return erasureUnitOver(erasureDocumentsOn(db), {
    // Events are queued by the write that makes them (recordEventsNow): none wait on a row.
    relayEventsOf: () => undefined,
    deleteRecordsOf: (profileId) => {
      for (const statement of deleteRecords(db)) statement.run(profileId);
    },
    answers: sqliteAnswersUnit(db),
  });
}

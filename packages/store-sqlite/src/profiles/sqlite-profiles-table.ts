import type Database from 'better-sqlite3';
import {
  FORMER_SLUG_FIELDS,
  PROFILE_DOCUMENT_FIELDS,
  type FormerSlugDocument,
  type ProfileDocument,
} from '@byline/domain/profiles/profile-documents';
import type { IdentityDocuments } from '@byline/domain/profiles/identity-documents';
import { storedNames } from '@byline/domain/documents/stored-names';
import { numberedTable, SqliteDocuments, type SqliteTable } from '../documents/sqlite-documents';
import { preparedPerConnection } from '../store/prepared-per-connection';
import { SqliteDatabase } from '../store/sqlite-database';
import { AUDIT_TABLE } from '../audit/sqlite-audit-history';

/**
 * The profiles as the documents read them: the profile as JSON text in `doc` (its answers are other columns), which
 * keeps its own copy of the verified flag, written with the flag.
 */
export const PROFILES_TABLE = numberedTable<ProfileDocument>('profiles', PROFILE_DOCUMENT_FIELDS, {
  names: { profile: 'doc' },
  booleans: ['verified'],
  lists: ['profile', 'pendingIdentity'],
  copies: { verified: 'profile' },
});

/** The former slugs, by the slug (see migration 044). */
export const FORMER_SLUGS_TABLE: SqliteTable<FormerSlugDocument> = {
  name: 'former_slugs',
  columns: storedNames(FORMER_SLUG_FIELDS),
  key: 'slug',
};

/** The profiles, their former slugs and their history on this connection, as steps inside the caller's transaction. */
export const profileDocumentsOn = preparedPerConnection((db: Database.Database): IdentityDocuments => {
  const database = new SqliteDatabase(db.name, db);
  return {
    profiles: new SqliteDocuments(database, PROFILES_TABLE).steps,
    formerSlugs: new SqliteDocuments(database, FORMER_SLUGS_TABLE).steps,
    history: new SqliteDocuments(database, AUDIT_TABLE).steps,
  };
});

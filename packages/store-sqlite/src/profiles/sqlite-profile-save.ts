import type Database from 'better-sqlite3';
import { runNow } from '@byline/domain/store/steps';
import { saveUnitOver } from '@byline/domain/profiles/save-profile-documents';
import type { ProfileSaveUnit } from '@byline/domain/profiles/save-profile';
import { freeSlugSteps } from '@byline/domain/profiles/slug-moves';
import { sqliteClaimsUnit } from '../claims/sqlite-claims-unit';
import { preparedPerConnection } from '../store/prepared-per-connection';
import { SqliteDatabase } from '../store/sqlite-database';
import { SqliteDocuments } from '../documents/sqlite-documents';
import { USERS_TABLE } from '../users/sqlite-users-table';
import { sqliteIdentityUnit } from './sqlite-identity-review';

const statements = preparedPerConnection((db) => ({
  insert: db.prepare<[string, string]>('INSERT INTO profiles (slug, verified, doc) VALUES (?, 0, ?)'),
  users: new SqliteDocuments(new SqliteDatabase(db.name, db), USERS_TABLE).steps,
}));

/** A save's unit of write on SQLite (save-profile.ts), inside the save's one transaction. */
export function sqliteProfileSaveUnit(db: Database.Database): ProfileSaveUnit {
  const sql = statements(db);
  const identity = sqliteIdentityUnit(db);
  return saveUnitOver(sql.users, {
    insertProfile(_userId, _fields, slugBase, at) {
      // The fields follow in the same transaction (saveIdentitySteps); the link too (linkOwner).
      const slug = runNow(freeSlugSteps(identity, slugBase, null));
      const doc = { verified: false, profile_slug: slug, profile_created_at: at, follower_count: 0 };
      return Number(sql.insert.run(slug, JSON.stringify(doc)).lastInsertRowid);
    },
    // The insert and the link commit together: no profile is ever left unlinked.
    unlinkedProfileOf: () => null,
    identity,
    claims: sqliteClaimsUnit(db),
  });
}

import type Database from 'better-sqlite3';
import { runNow } from '@byline/domain/store/steps';
import type { ProfileSaveUnit } from '@byline/domain/profiles/save-profile';
import { freeSlugSteps } from '@byline/domain/profiles/slug-moves';
import { sqliteClaimsUnit } from '../claims/sqlite-claims-unit';
import { preparedPerConnection } from '../store/prepared-per-connection';
import { sqliteIdentityUnit } from './sqlite-identity-review';
import { sqliteSlugsUnit } from './sqlite-slugs';

const statements = preparedPerConnection((db) => ({
  owner: db.prepare<[number], { profile_id: number | null; email: string }>(
    'SELECT profile_id, email FROM portal_users WHERE id = ?',
  ),
  insert: db.prepare<[string, string]>('INSERT INTO profiles (slug, verified, doc) VALUES (?, 0, ?)'),
  link: db.prepare<[number, number]>('UPDATE portal_users SET profile_id = ? WHERE id = ?'),
}));

/** A save's unit of write on SQLite (save-profile.ts), inside the save's one transaction. */
export function sqliteProfileSaveUnit(db: Database.Database): ProfileSaveUnit {
  const sql = statements(db);
  return {
    ownerOf(userId) {
      const user = sql.owner.get(userId);
      return user ? { email: user.email, profileId: user.profile_id, linked: user.profile_id !== null } : null;
    },
    insertProfile(_userId, _fields, slugBase, at) {
      // The fields follow in the same transaction (saveIdentitySteps); the link too (linkOwner).
      const slug = runNow(freeSlugSteps(sqliteSlugsUnit(db), slugBase, null));
      const doc = { verified: false, profile_slug: slug, profile_created_at: at, follower_count: 0 };
      return Number(sql.insert.run(slug, JSON.stringify(doc)).lastInsertRowid);
    },
    linkOwner(userId, profileId) {
      sql.link.run(profileId, userId);
    },
    identity: sqliteIdentityUnit(db),
    claims: sqliteClaimsUnit(db),
  };
}

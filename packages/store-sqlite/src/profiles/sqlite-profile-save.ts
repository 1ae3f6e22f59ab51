import type Database from 'better-sqlite3';
import { runNow } from '@byline/domain/store/steps';
import type { ProfileSaveUnit } from '@byline/domain/profiles/save-profile';
import { freeSlugSteps } from '@byline/domain/profiles/slug-moves';
import { SqliteClaimsUnit } from '../claims/sqlite-claims-unit';
import { sqliteIdentityUnit } from './sqlite-identity-review';
import { sqliteSlugsUnit } from './sqlite-slugs';

/** A save's unit of write on SQLite (save-profile.ts), inside the save's one transaction. */
export function sqliteProfileSaveUnit(db: Database.Database): ProfileSaveUnit {
  return {
    ownerOf(userId) {
      const user = db
        .prepare<[number], { profile_id: number | null; email: string }>(
          'SELECT profile_id, email FROM portal_users WHERE id = ?',
        )
        .get(userId);
      return user ? { email: user.email, profileId: user.profile_id, linked: user.profile_id !== null } : null;
    },
    insertProfile(_userId, _fields, slugBase, at) {
      // The fields follow in the same transaction (saveIdentitySteps); the link too (linkOwner).
      const slug = runNow(freeSlugSteps(sqliteSlugsUnit(db), slugBase, null));
      const doc = { verified: false, profile_slug: slug, profile_created_at: at, follower_count: 0 };
      return Number(
        db.prepare('INSERT INTO profiles (slug, verified, doc) VALUES (?, 0, ?)').run(slug, JSON.stringify(doc)).lastInsertRowid,
      );
    },
    linkOwner(userId, profileId) {
      db.prepare('UPDATE portal_users SET profile_id = ? WHERE id = ?').run(profileId, userId);
    },
    identity: sqliteIdentityUnit(db),
    claims: new SqliteClaimsUnit(db),
  };
}

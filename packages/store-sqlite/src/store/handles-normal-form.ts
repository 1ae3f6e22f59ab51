import type Database from 'better-sqlite3';
import type { AnswersFollow } from './sqlite-data-steps';
import { SOCIAL_TYPES, type SocialProfiles } from '@byline/domain/domain/types';
import { handleKey, rewrittenHandle } from '@byline/domain/social/social-handle';

const CHUNK = 500;

/** Every profile address is a value with a slash; nothing else can need rewriting here. */
const MAY_BE_ADDRESS = SOCIAL_TYPES.map((type) => `json_extract(doc, '$.profile_social_profiles.${type}') LIKE '%/%'`).join(
  ' OR ',
);

/**
 * Backfill: handles stored before the handle rules in another form than writes store now (the portal kept
 * profile addresses as typed, e.g. https://www.linkedin.com/in/NAME/) become that form (the username, see
 * normalizeHandle), and the profile's answers are re-rendered. The lookup key moves with the value where the
 * reduction changed (facebook.com/profile.php?id=ID was keyed "profile.php"), unless another profile holds the
 * new key: then the value stays as it was, as does any value the rules refuse. Resumable: it walks the profiles
 * by id, and a rewritten value needs nothing more.
 */
export function rewriteHandlesToNormalForm(db: Database.Database, _now: Date, answersFollow: AnswersFollow): void {
  const candidates = db.prepare<[number, number], { id: number; doc: string }>(
    `SELECT id, doc FROM profiles WHERE id > ? AND (${MAY_BE_ADDRESS}) ORDER BY id LIMIT ?`,
  );
  const heldKey = db
    .prepare<[number, string], string>('SELECT handle_key FROM social_handles WHERE profile_id = ? AND social_type = ?')
    .pluck();
  const holder = db
    .prepare<[string, string], number>('SELECT profile_id FROM social_handles WHERE social_type = ? AND handle_key = ?')
    .pluck();
  const release = db.prepare<[number, string]>('DELETE FROM social_handles WHERE profile_id = ? AND social_type = ?');
  const claim = db.prepare<[string, string, number]>(
    'INSERT INTO social_handles (social_type, handle_key, profile_id) VALUES (?, ?, ?)',
  );
  const updateDoc = db.prepare<[string, number]>('UPDATE profiles SET doc = ? WHERE id = ?');

  const rewriteChunk = db.transaction((after: number): number | null => {
    const rows = candidates.all(after, CHUNK);
    for (const { id, doc } of rows) {
      const profile = JSON.parse(doc) as { profile_social_profiles: SocialProfiles };
      let changed = false;
      for (const type of SOCIAL_TYPES) {
        const stored = profile.profile_social_profiles[type];
        const normal = typeof stored === 'string' ? rewrittenHandle(type, stored) : null;
        if (normal === null) continue;
        const key = handleKey(type, normal);
        if (heldKey.get(id, type) !== key) {
          const other = holder.get(type, key);
          if (other !== undefined && other !== id) continue;
          release.run(id, type);
          claim.run(type, key, id);
        }
        profile.profile_social_profiles[type] = normal;
        changed = true;
      }
      if (changed) {
        updateDoc.run(JSON.stringify(profile), id);
        answersFollow([id]);
      }
    }
    return rows.length ? rows[rows.length - 1]!.id : null;
  });
  for (let after: number | null = 0; after !== null;) after = rewriteChunk.immediate(after);
}

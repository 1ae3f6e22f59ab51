import type Database from 'better-sqlite3';
import { preparedPerConnection } from '../store/prepared-per-connection';
import { recordEventsNow } from '../webhook-events/sqlite-queued-events';
import type { SlugsUnit } from '@byline/domain/profiles/identity-unit';

/** A profile's slug in the embedded store: the profiles row (column and document) and its former slugs. */
const statements = preparedPerConnection((db: Database.Database) => ({
  holder: db.prepare<[string], number>('SELECT id FROM profiles WHERE slug = ?').pluck(),
  formerHolder: db.prepare<[string], number>('SELECT profile_id FROM former_slugs WHERE slug = ?').pluck(),
  write: db.prepare<[string, string, number, string]>(
    "UPDATE profiles SET slug = ?, doc = json_set(doc, '$.profile_slug', ?) WHERE id = ? AND slug = ?",
  ),
  keepFormer: db.prepare<[string, number, string]>(
    'INSERT OR REPLACE INTO former_slugs (slug, profile_id, left_at) VALUES (?, ?, ?)',
  ),
  dropFormer: db.prepare<[string, number]>('DELETE FROM former_slugs WHERE slug = ? AND profile_id = ?'),
}));

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';

/** The slugs' unit of write inside a transaction the caller holds on `db` (the rules are slug-moves.ts's). */
export function sqliteSlugsUnit(db: Database.Database): SlugsUnit {
  const sql = statements(db);
  return {
    holder: (slug) => sql.holder.get(slug) ?? null,
    formerHolder: (slug) => sql.formerHolder.get(slug) ?? null,
    keepFormer: (slug, profileId, at) => {
      sql.keepFormer.run(slug, profileId, at);
    },
    dropFormer: (slug, profileId) => {
      sql.dropFormer.run(slug, profileId);
    },
    writeSlug: (profileId, from, to, event) => {
      try {
        if (sql.write.run(to, to, profileId, from).changes === 0) return 'moved-since';
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
      if (event) recordEventsNow(db, [event]);
      return 'moved';
    },
  };
}

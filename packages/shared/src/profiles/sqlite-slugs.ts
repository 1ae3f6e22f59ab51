import type Database from 'better-sqlite3';
import { preparedPerConnection } from '../store/sqlite/prepared-per-connection';
import { firstFreeSlugNow } from './profile-slugs';
import { recordEventsNow } from '../webhook-events/sqlite-outbox';
import { journalistSlugChangedEvent } from '../webhook-events/webhook-event';

/** A profile's slug in the embedded store: the profiles row (column and document) and its former slugs. */
const statements = preparedPerConnection((db: Database.Database) => ({
  holder: db.prepare<[string], number>('SELECT id FROM profiles WHERE slug = ?').pluck(),
  formerHolder: db.prepare<[string], number>('SELECT profile_id FROM former_slugs WHERE slug = ?').pluck(),
  current: db.prepare<[number], { slug: string; verified: number; doc: string }>(
    'SELECT slug, verified, doc FROM profiles WHERE id = ?',
  ),
  write: db.prepare<[string, string, number]>('UPDATE profiles SET slug = ?, doc = ? WHERE id = ?'),
  keepFormer: db.prepare<[string, number, string]>(
    'INSERT OR REPLACE INTO former_slugs (slug, profile_id, left_at) VALUES (?, ?, ?)',
  ),
  dropFormer: db.prepare<[string]>('DELETE FROM former_slugs WHERE slug = ?'),
}));

/** The first slug from slugBase that no profile but `profileId` (null: a new one) holds, now or as a former slug. */
export function freeSlugNow(db: Database.Database, slugBase: string, profileId: number | null): string {
  const sql = statements(db);
  return firstFreeSlugNow(slugBase, (slug) => {
    const holder = sql.holder.get(slug) ?? sql.formerHolder.get(slug);
    return holder !== undefined && holder !== profileId;
  });
}

/**
 * Gives the profile `slug` (inside the caller's transaction; the caller re-renders its answers): the slug it
 * leaves is kept as a former slug when `keepFormer` (it redirects, and a verified profile's subscribers are told by
 * journalist.slug_changed), and a former slug of its own it takes back is one no more.
 */
export function moveSlugNow(
  db: Database.Database,
  profileId: number,
  slug: string,
  { keepFormer }: { keepFormer: boolean },
): void {
  const sql = statements(db);
  const row = sql.current.get(profileId);
  if (!row || row.slug === slug) return;
  sql.dropFormer.run(slug);
  if (keepFormer) sql.keepFormer.run(row.slug, profileId, new Date().toISOString());
  sql.write.run(slug, JSON.stringify({ ...JSON.parse(row.doc), profile_slug: slug }), profileId);
  // Subscribers know a verified profile by its slug: told of the move in the same transaction.
  if (keepFormer && row.verified) recordEventsNow(db, [journalistSlugChangedEvent(slug, row.slug)]);
}

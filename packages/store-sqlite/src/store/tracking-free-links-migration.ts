import type Database from 'better-sqlite3';
import { forgetAnswerStatements, rerenderNow } from '../answers/sqlite-answers-unit';
import { forgetOutletStatements } from '../outlets/sqlite-outlets-unit';
import { withoutTrackingParams } from '@byline/domain/url/canonical-url';

/*
 * A data step (the embedded store's; MongoDB's is mongo-tracking-free-links.ts): articles stored before links were cleaned keep their owner's address without the
 * parameters that only track a click (the list the canonical form drops, so no article changes identity), and the
 * answers that show the link are re-rendered. Idempotent: a link already clean is left alone.
 */

/** The embedded store's step, in one transaction. */
export function dropTrackingFromArticleLinks(db: Database.Database): void {
  forgetOutletStatements(db); // statements prepared before earlier steps changed the tables they write
  forgetAnswerStatements(db);
  const rows = db
    .prepare<[], { id: number; profile_id: number; doc: string }>(
      "SELECT id, profile_id, doc FROM articles WHERE json_extract(doc, '$.link') LIKE '%?%'",
    )
    .all();
  const write = db.prepare<[string, number]>('UPDATE articles SET doc = ? WHERE id = ?');
  db.transaction(() => {
    const owners = new Set<number>();
    for (const row of rows) {
      const doc = JSON.parse(row.doc) as { link: string };
      const link = withoutTrackingParams(doc.link);
      if (link === doc.link) continue;
      write.run(JSON.stringify({ ...doc, link }), row.id);
      owners.add(row.profile_id);
    }
    rerenderNow(db, owners);
  }).immediate();
}

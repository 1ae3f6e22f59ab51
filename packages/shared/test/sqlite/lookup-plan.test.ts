import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ARTICLE_ANSWER_SQL, ARTICLE_ANSWERS_SQL, SqliteStore } from '../../src/store/sqlite/sqlite-store';

// The index exists only to make this lookup cheaper: pin down that SQLite's planner uses it.
describe('embedded store: how verify_article finds its answer', () => {
  it("reads the article's owner from the articles_lookup index, not from the article's row", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'byline-plan-'));
    const file = path.join(dir, 'byline.sqlite');
    await new SqliteStore(file).close();
    const db = new Database(file, { readonly: true });
    try {
      const plan = db
        .prepare<[string], { detail: string }>(`EXPLAIN QUERY PLAN ${ARTICLE_ANSWER_SQL}`)
        .all('https://news.example/a')
        .map((step) => step.detail);
      expect(plan).toEqual([
        'SEARCH a USING COVERING INDEX articles_lookup (canonical_url=? AND active=?)',
        'SEARCH p USING INTEGER PRIMARY KEY (rowid=?)',
      ]);
      // A batch's: the answer's tag from the profiles_article_tag index, not from the far end of the profile's row.
      const batchPlan = db
        .prepare<[string], { detail: string }>(`EXPLAIN QUERY PLAN ${ARTICLE_ANSWERS_SQL}`)
        .all('https://news.example/a')
        .map((step) => step.detail);
      expect(batchPlan).toEqual([
        'SEARCH a USING COVERING INDEX articles_lookup (canonical_url=? AND active=?)',
        'SEARCH p USING INTEGER PRIMARY KEY (rowid=?)',
        'SEARCH t USING COVERING INDEX profiles_article_tag (id=? AND verified=?)',
      ]);
    } finally {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { canonicalizeUrl, SqliteStore } from '@byline/shared';
import { aProfile, expectAnswersInStep, seed } from '@byline/test-support';

describe('embedded store: a database from before rendered answers', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'byline-migration-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('gets every profile rendered when it is next opened', async () => {
    const file = path.join(dir, 'byline.sqlite');
    const profile = aProfile();
    const store = new SqliteStore(file);
    await seed(store, profile, aProfile({ verified: false }));
    await store.close();
    // Back to the schema before migration 003: no answer columns, the migration not recorded.
    const db = new Database(file);
    db.exec(`ALTER TABLE profiles DROP COLUMN article_answer;
             ALTER TABLE profiles DROP COLUMN journalist_answer;
             DELETE FROM schema_migrations WHERE name = '003-rendered-answers';`);
    db.close();

    const reopened = new SqliteStore(file);
    try {
      const answer = await reopened.articleAnswer(canonicalizeUrl(profile.articles[0]!.link));
      expect(JSON.parse(answer!).profile_slug).toBe(profile.profile_slug);
      await expectAnswersInStep(reopened);
    } finally {
      await reopened.close();
    }
  });
});

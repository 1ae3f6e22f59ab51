import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { canonicalizeUrl } from '@byline/shared';
import { SqliteStore } from '@byline/editorial';
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
    // Back to the schema before migration 003: no answer columns, neither migration recorded.
    const db = new Database(file);
    db.exec(`DROP TRIGGER profiles_answer_tags_in_step;
             DROP TRIGGER profiles_v2_answer_in_step;
             ALTER TABLE profiles DROP COLUMN article_answer;
             ALTER TABLE profiles DROP COLUMN journalist_answer;
             DELETE FROM schema_migrations WHERE name IN ('003-rendered-answers', '004-render-existing-answers');`);
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

  it('finishes a backfill that an earlier process left half done', async () => {
    const file = path.join(dir, 'byline.sqlite');
    const profiles = Array.from({ length: 3 }, () => aProfile());
    const store = new SqliteStore(file);
    await seed(store, ...profiles);
    await store.close();
    // As if the process rendering existing profiles stopped after the first one.
    const db = new Database(file);
    db.exec(`UPDATE profiles SET article_answer = NULL, journalist_answer = NULL WHERE slug != '${profiles[0]!.profile_slug}';
             DELETE FROM schema_migrations WHERE name = '004-render-existing-answers';`);
    db.close();

    const reopened = new SqliteStore(file);
    try {
      for (const profile of profiles) {
        const answer = await reopened.articleAnswer(canonicalizeUrl(profile.articles[0]!.link));
        expect(JSON.parse(answer!).profile_slug).toBe(profile.profile_slug);
      }
      await expectAnswersInStep(reopened);
    } finally {
      await reopened.close();
    }
  });
});

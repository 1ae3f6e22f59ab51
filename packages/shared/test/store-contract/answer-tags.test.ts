import { WITHOUT_ANSWER_TABLES_SQL } from '@byline/store-sqlite/answers/sqlite-answer-tables';
import Database from 'better-sqlite3';
import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { entityTagOf } from '@byline/domain/domain/rendered-answers';
import { handleKey } from '@byline/domain/social/social-handle';
import { type Store } from '@byline/domain/store/store';
import { MongoStore } from '@byline/store-mongodb/store/mongo-store';
import { SqliteStore } from '@byline/store-sqlite/store/sqlite-store';
import { aProfile, seed, storeFactories, tempDir } from '@byline/test-support';
import { freshStorePerTest } from './fresh-store';
import { andThen, forgetting, reopenablePerTest, reopenableStores } from './reopenable-store';

const STRONG_TAG = /^"[A-Za-z0-9_-]{27}(-[a-z]+)?"$/;

describe.each(storeFactories())('answer tags ($name store)', (factory) => {
  const store = freshStorePerTest(factory);

  it('gives each answer a strong tag, the same for the same text, another once the text changes', async () => {
    const profile = aProfile();
    await seed(store(), profile);
    const url = canonicalizeUrl(profile.articles[0]!.link);
    const key = handleKey('twitter', profile.profile_social_profiles.twitter!);

    const article = (await store().taggedArticleAnswer(url))!;
    const journalist = (await store().taggedJournalistAnswer('twitter', key))!;
    expect(article.json).toBe(await store().articleAnswer(url));
    expect(journalist.json).toBe(await store().journalistAnswer('twitter', key));
    expect(article.etag).toMatch(STRONG_TAG);
    expect(journalist.etag).toMatch(STRONG_TAG);
    expect(journalist.etag).not.toBe(
      (await store().taggedJournalistAnswer('facebook', handleKey('facebook', profile.profile_social_profiles.facebook!)))!.etag,
    );

    await seed(store(), profile);
    expect(await store().taggedArticleAnswer(url)).toEqual(article);

    await seed(store(), { ...profile, profile_last_name: 'Cassidy-Byrne' });
    const changed = (await store().taggedArticleAnswer(url))!;
    expect(changed.etag).not.toBe(article.etag);
    expect((await store().taggedJournalistAnswer('twitter', key))!.etag).not.toBe(journalist.etag);
  });

  it('has no tagged answer where there is no answer', async () => {
    const profile = aProfile({ verified: false });
    await seed(store(), profile);

    await expect(store().taggedArticleAnswer(canonicalizeUrl(profile.articles[0]!.link))).resolves.toBeNull();
    await expect(
      store().taggedJournalistAnswer('twitter', handleKey('twitter', profile.profile_social_profiles.twitter!)),
    ).resolves.toBeNull();
  });
});

/** As before the tags: the tags gone and their migrations forgotten. */
const withoutTags = andThen(
  {
    sqlite: (db) =>
      db.exec(`${WITHOUT_ANSWER_TABLES_SQL}
               DROP TRIGGER profiles_answer_tags_in_step;
               DROP INDEX profiles_article_tag;
               ALTER TABLE profiles DROP COLUMN article_etag;
               ALTER TABLE profiles DROP COLUMN journalist_etag;`),
    mongodb: async (db) => {
      await db.collection('profiles').updateMany({}, { $unset: { 'answers.articleTag': '', 'answers.journalistTag': '' } });
    },
  },
  forgetting(
    '016-answer-tags',
    '017-tag-existing-answers',
    '037-profile-article-tags-index',
    '055-answer-tables',
    '056-fill-answer-tables',
  ),
);

describe.each(reopenableStores())('answers stored before their tags ($name store)', ({ make }) => {
  const target = reopenablePerTest(make);
  let store: Store;

  it('are tagged when the store is next opened, with the tags rendering gives', async () => {
    const profiles = [aProfile(), aProfile(), aProfile({ verified: false })];
    store = target.open();
    await seed(store, ...profiles);
    const url = canonicalizeUrl(profiles[1]!.articles[0]!.link);
    const key = handleKey('linkedin', profiles[0]!.profile_social_profiles.linkedin!);
    const before = {
      article: await store.taggedArticleAnswer(url),
      journalist: await store.taggedJournalistAnswer('linkedin', key),
    };
    await store.close();

    await target.rewind(withoutTags);
    store = target.open();

    expect({
      article: await store.taggedArticleAnswer(url),
      journalist: await store.taggedJournalistAnswer('linkedin', key),
    }).toEqual(before);
    expect(await store.taggedArticleAnswers([url])).toEqual([before.article]);
    if (store instanceof MongoStore) {
      const untagged = await store.db.collection('profiles').countDocuments({ 'answers.articleTag': { $exists: false } });
      expect(untagged).toBe(0);
    }
  });
});

describe('an answer rewritten by a writer from before the tags (embedded store)', () => {
  it('is served with a tag of its own text, never the old tag', async () => {
    const file = `${tempDir('byline-answer-tags-')}/byline.sqlite`;
    const store = new SqliteStore(file);
    try {
      const profile = aProfile();
      await seed(store, profile);
      const url = canonicalizeUrl(profile.articles[0]!.link);
      const before = (await store.taggedArticleAnswer(url))!;

      const rewritten = before.json.replace('"verified":true', '"verified":true ');
      const db = new Database(file);
      db.prepare('UPDATE profiles SET article_answer = ?, journalist_answer = journalist_answer WHERE slug = ?').run(
        rewritten,
        profile.profile_slug,
      );
      db.close();
      await new Promise((resolve) => setImmediate(resolve)); // past the lookups' read snapshot (TurnSnapshot)

      expect(await store.taggedArticleAnswer(url)).toEqual({ json: rewritten, etag: entityTagOf(rewritten) });
      expect(await store.taggedArticleAnswers([url])).toEqual([{ json: rewritten, etag: entityTagOf(rewritten) }]);
      expect(entityTagOf(rewritten)).not.toBe(before.etag);
    } finally {
      await store.close();
    }
  });
});

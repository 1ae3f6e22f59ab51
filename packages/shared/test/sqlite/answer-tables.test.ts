import Database from 'better-sqlite3';
import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { handleKey } from '@byline/domain/social/social-handle';
import { SqliteStore } from '@byline/store-sqlite/store/sqlite-store';
import { WITHOUT_ANSWER_TABLES_SQL } from '@byline/store-sqlite/answers/sqlite-answer-tables';
import { aProfile, reopenedAfter, seed, tempDir, type RawProfile } from '@byline/test-support';

/** Every kind of answer the lookups serve for these profiles, as served. */
async function lookupsOf(store: SqliteStore, profiles: RawProfile[]) {
  const urls = profiles.map((profile) => canonicalizeUrl(profile.articles[0]!.link));
  return {
    articles: await Promise.all(urls.map((url) => store.taggedArticleAnswer(url))),
    batch: await store.taggedArticleAnswers(urls),
    v2: await Promise.all(urls.map((url) => store.taggedArticleV2Answer(url))),
    journalists: await Promise.all(
      profiles.map((profile) =>
        store.taggedJournalistAnswer('twitter', handleKey('twitter', profile.profile_social_profiles.twitter!)),
      ),
    ),
  };
}

const ANSWER_TABLES = ['article_answers', 'article_v2_answers', 'journalist_answers'];

/** How many rows each answer table holds. */
const rowCounts = (db: Database.Database) =>
  ANSWER_TABLES.map((table) => db.prepare<[], number>(`SELECT count(*) FROM ${table}`).pluck().get());

/** The next event-loop turn: past the lookups' read snapshot (TurnSnapshot). */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Three profiles (one unverified) seeded, the file rewound by `sql`, then opened again: its lookups answer as before,
 * every profile has its three copies, and `check` sees what the lookups answered before.
 */
async function answersAfterReopening(sql: string, check: (before: Awaited<ReturnType<typeof lookupsOf>>) => void) {
  const arranged = [aProfile(), aProfile(), aProfile({ verified: false })];
  await reopenedAfter(
    async (store) => {
      await seed(store, ...arranged);
      return lookupsOf(store, arranged);
    },
    sql,
    async (reopened, before) => {
      check(before);
      expect(await lookupsOf(reopened, arranged)).toEqual(before);
      expect(rowCounts(reopened.database.sqlite.connection)).toEqual([3, 3, 3]);
    },
  );
}

describe('embedded store: the answer tables the lookups read', () => {
  it('are filled when a store from before them is next opened, and answer as the profiles did', async () => {
    const forgotten = `${WITHOUT_ANSWER_TABLES_SQL}
      DELETE FROM schema_migrations WHERE name IN ('055-answer-tables', '056-fill-answer-tables');`;
    await answersAfterReopening(forgotten, (before) => {
      expect(before.articles.filter(Boolean)).toHaveLength(2);
      expect(before.journalists.filter(Boolean)).toHaveLength(2);
    });
  });

  it('finish a fill an earlier process left half done', async () => {
    const halfDone = `${ANSWER_TABLES.map((table) => `DELETE FROM ${table} WHERE profile_id > (SELECT min(id) FROM profiles);`).join('\n')}
      DELETE FROM schema_migrations WHERE name = '056-fill-answer-tables';`;
    await answersAfterReopening(halfDone, () => undefined);
  });

  it("follow every write of the profile's row, by a process from before them too", async () => {
    const file = `${tempDir('byline-answer-tables-')}/byline.sqlite`;
    const store = new SqliteStore(file);
    const older = new Database(file);
    try {
      const profile = aProfile();
      await seed(store, profile);
      const served = await lookupsOf(store, [profile]);
      expect(served.articles[0]).not.toBeNull();

      // A writer that knows only the profile's columns unverifies the profile: no lookup answers for it. (With a
      // conflict clause of its own, which the triggers' writes take on.)
      older.prepare('UPDATE OR IGNORE profiles SET verified = 0 WHERE slug = ?').run(profile.profile_slug);
      await nextTurn();
      expect(await lookupsOf(store, [profile])).toEqual({ articles: [null], batch: [null], v2: [null], journalists: [null] });

      // Verifies it again, then writes its handle another way: the journalist answer shows it as written.
      older.prepare('UPDATE profiles SET verified = 1 WHERE slug = ?').run(profile.profile_slug);
      const shown = profile.profile_social_profiles.twitter!.toUpperCase();
      older
        .prepare(`UPDATE profiles SET doc = json_set(doc, '$.profile_social_profiles.twitter', ?) WHERE slug = ?`)
        .run(shown, profile.profile_slug);
      await nextTurn();
      const again = await lookupsOf(store, [profile]);
      expect({ ...again, journalists: [] }).toEqual({ ...served, journalists: [] });
      expect(JSON.parse(again.journalists[0]!.json).profile_social_profiles).toEqual({ twitter: shown });

      // A profile's row deleted takes its copies with it.
      const id = older.prepare<[string], number>('SELECT id FROM profiles WHERE slug = ?').pluck().get(profile.profile_slug)!;
      older.pragma('foreign_keys = OFF');
      older.prepare('DELETE FROM profiles WHERE id = ?').run(id);
      expect(
        ANSWER_TABLES.map((table) => older.prepare(`SELECT count(*) FROM ${table} WHERE profile_id = ?`).pluck().get(id)),
      ).toEqual([0, 0, 0]);
    } finally {
      older.close();
      await store.close();
    }
  });
});

import { WITHOUT_ANSWER_TABLES_SQL } from '@byline/store-sqlite/answers/sqlite-answer-tables';
import { canonicalizeUrl } from '@byline/domain/url/canonical-url';
import { aProfile, expectAnswersInStep, reopenedAfter, seed } from '@byline/test-support';

describe('embedded store: a database from before rendered answers', () => {
  it('gets every profile rendered when it is next opened', async () => {
    const profile = aProfile();
    // Back to the schema before migration 003: no answer columns (nor the tables 055 copies them into), their
    // migrations not recorded.
    const before003 = `${WITHOUT_ANSWER_TABLES_SQL}
             DROP TRIGGER profiles_answer_tags_in_step;
             DROP TRIGGER profiles_v2_answer_in_step;
             ALTER TABLE profiles DROP COLUMN article_answer;
             ALTER TABLE profiles DROP COLUMN journalist_answer;
             DELETE FROM schema_migrations WHERE name IN ('003-rendered-answers', '004-render-existing-answers',
               '055-answer-tables', '056-fill-answer-tables');`;
    await reopenedAfter(
      (store) => seed(store, profile, aProfile({ verified: false })),
      before003,
      async (reopened) => {
        const answer = await reopened.articleAnswer(canonicalizeUrl(profile.articles[0]!.link));
        expect(JSON.parse(answer!).profile_slug).toBe(profile.profile_slug);
        await expectAnswersInStep(reopened);
      },
    );
  });

  it('finishes a backfill that an earlier process left half done', async () => {
    const profiles = Array.from({ length: 3 }, () => aProfile());
    // As if the process rendering existing profiles stopped after the first one.
    const halfDone = `UPDATE profiles SET article_answer = NULL, journalist_answer = NULL WHERE slug != '${profiles[0]!.profile_slug}';
             DELETE FROM schema_migrations WHERE name = '004-render-existing-answers';`;
    await reopenedAfter(
      (store) => seed(store, ...profiles),
      halfDone,
      async (reopened) => {
        for (const profile of profiles) {
          const answer = await reopened.articleAnswer(canonicalizeUrl(profile.articles[0]!.link));
          expect(JSON.parse(answer!).profile_slug).toBe(profile.profile_slug);
        }
        await expectAnswersInStep(reopened);
      },
    );
  });
});

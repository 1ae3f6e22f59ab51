import {
  ARTICLE_ANSWER_SQL,
  ARTICLE_ANSWERS_SQL,
  ARTICLE_V2_ANSWER_SQL,
  JOURNALIST_ANSWER_SQL,
  JOURNALIST_ANSWERS_SQL,
} from '@byline/store-sqlite/store/sqlite-store';
import { queryPlans } from './query-plans';

// The indexes and the answer tables exist only to make these lookups cheaper: pin down that SQLite's planner uses them.
describe('embedded store: how the lookups find their answers', () => {
  it("reads verify_article's authors from the articles_lookup index in credit order and their answers from article_answers", async () => {
    const [plan, batchPlan, v2Plan] = await queryPlans(
      [ARTICLE_ANSWER_SQL, 'https://news.example/a'],
      // A batch's: each address of the array as the single lookup reads it.
      [ARTICLE_ANSWERS_SQL, '["https://news.example/a","https://news.example/b"]'],
      [ARTICLE_V2_ANSWER_SQL, 'https://news.example/a'],
    );
    expect(plan).toEqual([
      'SEARCH a USING COVERING INDEX articles_lookup (canonical_url=? AND active=?)',
      'SEARCH p USING INTEGER PRIMARY KEY (rowid=?)',
    ]);
    expect(batchPlan).toEqual([
      'SCAN j VIRTUAL TABLE INDEX 1:',
      'SEARCH a USING COVERING INDEX articles_lookup (canonical_url=? AND active=?)',
      'SEARCH p USING INTEGER PRIMARY KEY (rowid=?)',
    ]);
    // Co-authors come in credit order from the index itself: no sort.
    expect(v2Plan).toEqual(plan);
  });

  it("reads verify_journalist's answer from journalist_answers, found by the handle's key (accounts: account-lookup-plan)", async () => {
    const [plan, batchPlan] = await queryPlans(
      [JOURNALIST_ANSWER_SQL, ['twitter', 'twitter', 'someone']],
      // A batch's: each key of the array as the single lookup reads it.
      [JOURNALIST_ANSWERS_SQL, ['twitter', '["someone","someone-else"]', 'twitter']],
    );
    expect(plan).toEqual([
      'SEARCH h USING PRIMARY KEY (social_type=? AND handle_key=?)',
      'SEARCH p USING INTEGER PRIMARY KEY (rowid=?)',
    ]);
    expect(batchPlan).toEqual([
      'SCAN j VIRTUAL TABLE INDEX 1:',
      'SEARCH h USING PRIMARY KEY (social_type=? AND handle_key=?)',
      'SEARCH p USING INTEGER PRIMARY KEY (rowid=?)',
    ]);
  });
});

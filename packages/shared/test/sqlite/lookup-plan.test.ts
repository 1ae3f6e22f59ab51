import { ARTICLE_ANSWER_SQL, ARTICLE_ANSWERS_SQL, ARTICLE_V2_ANSWER_SQL } from '@byline/store-sqlite/store/sqlite-store';
import { queryPlans } from './query-plans';

// The index exists only to make this lookup cheaper: pin down that SQLite's planner uses it.
describe('embedded store: how verify_article finds its answer', () => {
  it("reads the article's authors from the articles_lookup index in credit order, not from the article's rows", async () => {
    const [plan, batchPlan, v2Plan] = await queryPlans(
      [ARTICLE_ANSWER_SQL, 'https://news.example/a'],
      // A batch's: each address of the array as the single lookup reads it, the answer's tag from the
      // profiles_article_tag index, not from the far end of the profile's row.
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
      'SEARCH t USING COVERING INDEX profiles_article_tag (id=? AND verified=?)',
    ]);
    // Co-authors come in credit order from the index itself: no sort.
    expect(v2Plan).toEqual(plan);
  });
});

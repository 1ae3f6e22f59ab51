import type Database from 'better-sqlite3';
import { runNow } from '../database/steps';
import type { AuthorView } from '../domain/types';
import { readAuthorView } from '../store/sqlite/profile-records';
import { preparedPerConnection } from '../store/sqlite/prepared-per-connection';
import type { AnswersUnit, ProfileAnswers } from './answers-unit';
import { rerenderAnswers } from './rerender-answers';

function prepare(db: Database.Database) {
  return {
    count: db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM articles WHERE profile_id = ? AND active = 1'),
    storeAnswers: db.prepare<[number, string, string, number]>(
      'UPDATE profiles SET active_article_count = ?, article_answer = ?, journalist_answer = ? WHERE id = ?',
    ),
    // Null before migration 016 added the tag columns (backfills of older migrations re-render too). One
    // statement: its trigger clears the tags when the answers change and the tags do not.
    storeTaggedAnswers: hasTagColumns(db)
      ? db.prepare<[number, string, string, string, string, number]>(
          'UPDATE profiles SET active_article_count = ?, article_answer = ?, journalist_answer = ?, article_etag = ?, journalist_etag = ? WHERE id = ?',
        )
      : null,
  };
}

const hasTagColumns = (db: Database.Database) =>
  db.prepare("SELECT 1 FROM pragma_table_info('profiles') WHERE name = 'article_etag'").get() !== undefined;

const statements = preparedPerConnection(prepare);
/** Drops the statements prepared for this connection, after a migration changed what they must write. */
export const forgetAnswerStatements = statements.forget;

/** The embedded database's side of re-rendering: synchronous, so it runs inside the caller's transaction. */
export function sqliteAnswersUnit(db: Database.Database): AnswersUnit {
  const { count, storeAnswers, storeTaggedAnswers } = statements(db);
  return {
    authorViews(profileIds: number[]): AuthorView[] {
      const views: AuthorView[] = [];
      for (const id of profileIds) {
        const view = readAuthorView(db, id);
        if (view) views.push({ ...view, activeArticleCount: count.get(id)!.n });
      }
      return views;
    },
    saveAnswers(rendered: ProfileAnswers[]): void {
      for (const { profileId, activeArticleCount: n, answers } of rendered) {
        if (storeTaggedAnswers) {
          storeTaggedAnswers.run(n, answers.article, answers.journalist, answers.articleTag, answers.journalistTag, profileId);
        } else storeAnswers.run(n, answers.article, answers.journalist, profileId);
      }
    },
  };
}

/**
 * Re-renders these profiles' answers now (see rerenderAnswers). Call inside the transaction of every write that
 * changes a profile's fields or its articles (including an article moving away from it).
 */
export function rerenderNow(db: Database.Database, profileIds: Iterable<number>): void {
  runNow(rerenderAnswers(sqliteAnswersUnit(db), profileIds));
}

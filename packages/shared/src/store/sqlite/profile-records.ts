import type Database from 'better-sqlite3';
import type { Article, ArticleInput, AuthorView, Profile } from '../../domain/types';
import { renderAnswers } from '../../domain/rendered-answers';
import { preparedPerConnection } from './prepared-per-connection';

/**
 * Reading profiles and articles back from their rows, and keeping the fields derived from them — the
 * active-article count and the rendered answers the verifiers serve — in step. Every embedded writer of
 * profiles and articles (import, the portal's edits, proofs) writes through here, so the invariants are kept one way.
 */

export interface ProfileRow {
  id: number;
  verified: number;
  doc: string;
}
export interface ArticleRow {
  id: number;
  profile_id: number;
  doc: string;
}

export const toProfile = (row: ProfileRow): Profile => ({ ...JSON.parse(row.doc), id: row.id, verified: row.verified === 1 });
export const toArticle = (row: ArticleRow): Article => ({
  ...(JSON.parse(row.doc) as ArticleInput),
  id: row.id,
  profile_id: row.profile_id,
});

function prepare(db: Database.Database) {
  return {
    profile: db.prepare<[number], ProfileRow & { active_article_count: number }>(
      'SELECT id, verified, active_article_count, doc FROM profiles WHERE id = ?',
    ),
    latestArticles: db.prepare<[number], ArticleRow>(
      'SELECT id, profile_id, doc FROM articles WHERE profile_id = ? AND active = 1 ORDER BY published_at DESC, id DESC LIMIT 3',
    ),
    recount: db.prepare<[number, number]>(
      'UPDATE profiles SET active_article_count = (SELECT count(*) FROM articles WHERE profile_id = ? AND active = 1) WHERE id = ?',
    ),
    storeAnswers: db.prepare<[string, string, number]>(
      'UPDATE profiles SET article_answer = ?, journalist_answer = ? WHERE id = ?',
    ),
    // Null before migration 016 added the tag columns (backfills of older migrations re-render too). One
    // statement: its trigger clears the tags when the answers change and the tags do not.
    storeTaggedAnswers: hasTagColumns(db)
      ? db.prepare<[string, string, string, string, number]>(
          'UPDATE profiles SET article_answer = ?, journalist_answer = ?, article_etag = ?, journalist_etag = ? WHERE id = ?',
        )
      : null,
  };
}

const hasTagColumns = (db: Database.Database) =>
  db.prepare("SELECT 1 FROM pragma_table_info('profiles') WHERE name = 'article_etag'").get() !== undefined;

const statements = preparedPerConnection(prepare);
/** Drops the statements prepared for this connection, after a migration changed what they must write. */
export const forgetPreparedStatements = statements.forget;

/** The profile, its three latest active articles and its active count; null when there is no such profile. */
export function readAuthorView(db: Database.Database, profileId: number): AuthorView | null {
  const { profile, latestArticles } = statements(db);
  const row = profile.get(profileId);
  if (!row) return null;
  return {
    profile: toProfile(row),
    latestArticles: latestArticles.all(profileId).map(toArticle),
    activeArticleCount: row.active_article_count,
  };
}

/**
 * Recounts the profile's active articles and re-renders its answers. Call inside the transaction of every
 * write that changes a profile's fields or its articles (including an article moving away from it).
 */
export function refreshDerivedFields(db: Database.Database, profileId: number): void {
  const { recount, storeAnswers, storeTaggedAnswers } = statements(db);
  recount.run(profileId, profileId);
  const view = readAuthorView(db, profileId);
  if (!view) return;
  const answers = renderAnswers(view);
  if (storeTaggedAnswers) {
    storeTaggedAnswers.run(answers.article, answers.journalist, answers.articleTag, answers.journalistTag, profileId);
  } else storeAnswers.run(answers.article, answers.journalist, profileId);
}

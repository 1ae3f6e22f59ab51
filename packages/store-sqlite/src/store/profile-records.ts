import type Database from 'better-sqlite3';
import type { Article, ArticleInput, AuthorView, Profile } from '@byline/domain/domain/types';
import { preparedPerConnection } from './prepared-per-connection';
import { LATEST_ARTICLES } from '@byline/domain/answers/whole-profile-answers';

/**
 * Reading profiles and articles back from their rows. The fields derived from them — the active-article count and
 * the rendered answers — are stored by every write that changes them, in its transaction, as the domain renders them
 * from a fresh read (see AnswersUnit in @byline/domain's answers-unit.ts, which sqlite-answers-unit.ts implements).
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
      `SELECT id, profile_id, doc FROM articles WHERE profile_id = ? AND active = 1 ORDER BY published_at DESC, id DESC LIMIT ${LATEST_ARTICLES}`,
    ),
  };
}

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

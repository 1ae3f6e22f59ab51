import type { Db } from 'mongodb';
import type { Article, AuthorView, Profile } from '@byline/domain/domain/types';
import { LATEST_ARTICLES, wholeProfileAnswers } from '@byline/domain/answers/whole-profile-answers';
import { collectionOf, type ArticleDoc, type ProfileDoc } from './mongo-schema';

/**
 * Reading a profile document with its latest articles, and the fields derived from them that a profile document
 * stores (the active-article count and the rendered answers). This file writes them only for a profile whose
 * articles are all at hand; every other write stores them as rendered from a fresh read (see AnswersUnit in
 * @byline/domain's answers-unit.ts, which mongo-answers-unit.ts implements).
 */

export const toProfile = (doc: ProfileDoc): Profile => ({ ...doc.profile, id: doc._id, verified: doc.verified });
export const toArticle = (doc: ArticleDoc): Article => ({ ...doc.article, id: doc._id, profile_id: doc.profile_id });

export function authorViewOf(doc: ProfileDoc, latest: ArticleDoc[], activeArticleCount: number): AuthorView {
  return {
    profile: toProfile(doc),
    latestArticles: latest.map(toArticle),
    activeArticleCount,
  };
}

export function latestActiveArticles(db: Db, profileId: number): Promise<ArticleDoc[]> {
  return collectionOf(db, 'articles')
    .find({ profile_id: profileId, active: true })
    .sort({ published_at: -1, _id: -1 })
    .limit(LATEST_ARTICLES)
    .toArray();
}

/**
 * The derived fields of a profile whose articles are all at hand (a profile an import creates), so they can be
 * written with its insert, as the domain renders them (wholeProfileAnswers). Its articles are all proven by the
 * import, so each counts (`active` on the document) exactly when its owner lists it active (`article.active`).
 */
export function derivedFieldsOf(
  doc: ProfileDoc,
  articles: ArticleDoc[],
): Required<Pick<ProfileDoc, 'active_article_count' | 'answers'>> {
  const { activeArticleCount, answers } = wholeProfileAnswers(toProfile(doc), articles.map(toArticle));
  return { active_article_count: activeArticleCount, answers };
}

/** The AuthorView of a profile document; null when there is no such profile. */
export async function readAuthorView(db: Db, profileId: number): Promise<AuthorView | null> {
  const doc = await collectionOf(db, 'profiles').findOne({ _id: profileId });
  if (!doc) return null;
  // The count is absent only while the write that created the profile has not reached its refresh.
  return authorViewOf(doc, await latestActiveArticles(db, profileId), doc.active_article_count ?? 0);
}

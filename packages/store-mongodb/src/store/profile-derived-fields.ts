import type { Db } from 'mongodb';
import type { Article, AuthorView, Profile } from '@byline/domain/domain/types';
import { renderAnswers } from '@byline/domain/domain/rendered-answers';
import { collectionOf, type ArticleDoc, type ProfileDoc } from './mongo-schema';

/**
 * Reading a profile document with its latest articles, and the fields derived from them (the active-article count
 * and the rendered answers) for a profile whose articles are all at hand. Every other write re-renders them with
 * answers/rerender-answers.ts.
 */

const LATEST = 3;

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
    .limit(LATEST)
    .toArray();
}

const newestFirst = (a: ArticleDoc, b: ArticleDoc) =>
  a.published_at === b.published_at ? b._id - a._id : a.published_at < b.published_at ? 1 : -1;

/**
 * The derived fields of a profile whose articles are all at hand (a profile an import creates), computed
 * as rerenderAnswers would from the stored documents: same order (published_at, then _id, newest
 * first; strings compared by code unit, as the server compares them), so it can be written with the insert.
 */
export function derivedFieldsOf(
  doc: ProfileDoc,
  articles: ArticleDoc[],
): Required<Pick<ProfileDoc, 'active_article_count' | 'answers'>> {
  const active = articles.filter((article) => article.active);
  const latest = active.sort(newestFirst).slice(0, LATEST);
  return { active_article_count: active.length, answers: renderAnswers(authorViewOf(doc, latest, active.length)) };
}

/** The AuthorView of a profile document; null when there is no such profile. */
export async function readAuthorView(db: Db, profileId: number): Promise<AuthorView | null> {
  const doc = await collectionOf(db, 'profiles').findOne({ _id: profileId });
  if (!doc) return null;
  // The count is absent only while the write that created the profile has not reached its refresh.
  return authorViewOf(doc, await latestActiveArticles(db, profileId), doc.active_article_count ?? 0);
}

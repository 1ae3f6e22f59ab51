import type { Db } from 'mongodb';
import type { Article, AuthorView, Profile } from '../../domain/types';
import { renderAnswers } from '../../domain/rendered-answers';
import { chunks, WRITE_CHUNK } from './chunks';
import { collectionOf, type ArticleDoc, type ProfileDoc } from './mongo-schema';

/**
 * The fields of a profile document derived from the profile and its articles: the active-article count
 * and the rendered answers the verifiers serve. Every write that changes a profile or its articles
 * (import, portal edits) refreshes them here, by recomputing, never incrementing, so concurrent or
 * repeated writers converge on the same values.
 */

const LATEST = 3;

export const toProfile = (doc: ProfileDoc): Profile => ({ ...doc.profile, id: doc._id, verified: doc.verified });
export const toArticle = (doc: ArticleDoc): Article => ({ ...doc.article, id: doc._id, profile_id: doc.profile_id });

function authorViewOf(doc: ProfileDoc, latest: ArticleDoc[], activeArticleCount: number): AuthorView {
  return {
    profile: toProfile(doc),
    latestArticles: latest.map(toArticle),
    activeArticleCount,
  };
}

function latestActiveArticles(db: Db, profileId: number): Promise<ArticleDoc[]> {
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
 * as refreshDerivedFields would from the stored documents: same order (published_at, then _id, newest
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

/** Recounts the active articles of these profiles and re-renders their answers, from the stored documents. */
export async function refreshDerivedFields(db: Db, profileIds: Iterable<number>): Promise<void> {
  const profiles = collectionOf(db, 'profiles');
  const articles = collectionOf(db, 'articles');
  for (const part of chunks([...profileIds])) {
    // Counted by the server, so a profile with many articles never streams them all here.
    const counts = new Map<number, number>(part.map((id) => [id, 0]));
    const grouped = articles.aggregate<{ _id: number; n: number }>([
      { $match: { profile_id: { $in: part }, active: true } },
      { $group: { _id: '$profile_id', n: { $sum: 1 } } },
    ]);
    for await (const { _id, n } of grouped) counts.set(_id, n);
    const updates = [];
    for await (const doc of profiles.find({ _id: { $in: part } })) {
      const count = counts.get(doc._id) ?? 0;
      const answers = renderAnswers(authorViewOf(doc, await latestActiveArticles(db, doc._id), count));
      updates.push({ updateOne: { filter: { _id: doc._id }, update: { $set: { active_article_count: count, answers } } } });
    }
    for (const batch of chunks(updates, WRITE_CHUNK)) await profiles.bulkWrite(batch, { ordered: false });
  }
}

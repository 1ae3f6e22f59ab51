import type { Article, Profile } from '../domain/types';
import { renderAnswers, type V1Answers } from '../domain/rendered-answers';

/** How many of a profile's latest active articles its answers show (AuthorView's `latestArticles`). */
export const LATEST_ARTICLES = 3;

/**
 * Newest first: by publication time, then by id. Times are ISO strings compared by code unit, as both databases
 * compare them, so this is the order their reads of the latest articles give.
 */
const newestFirst = (a: Article, b: Article) =>
  a.published_at === b.published_at ? b.id - a.id : a.published_at < b.published_at ? 1 : -1;

/**
 * The active-article count and v1 answers of a profile whose articles are all at hand (a profile an import creates
 * whole, articles included), the same as rendering them from the stored profile would give, so a store can write
 * them with the profile instead of reading it back. `articles`: all of the profile's articles, `active` saying
 * whether each counts.
 */
export function wholeProfileAnswers(profile: Profile, articles: Article[]): { activeArticleCount: number; answers: V1Answers } {
  const active = articles.filter((article) => article.active);
  const latestArticles = [...active].sort(newestFirst).slice(0, LATEST_ARTICLES);
  const activeArticleCount = active.length;
  return { activeArticleCount, answers: renderAnswers({ profile, latestArticles, activeArticleCount }) };
}

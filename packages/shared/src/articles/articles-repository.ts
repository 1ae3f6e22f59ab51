import type { Article, ArticleInput } from '../domain/types';

/**
 * A profile's articles, as the portal edits them. They are the records the verifiers look up by address, so every
 * change also brings the profile's active-article count and rendered answers up to date (see renderAnswers).
 */
export interface Articles {
  /** All the profile's articles, active or not, newest first. */
  list(profileId: number): Promise<Article[]>;
  /** Active articles only, newest first. */
  latest(profileId: number, limit: number): Promise<Article[]>;
  find(profileId: number, articleId: number): Promise<Article | null>;
  /** Rejects with ArticleTakenError when an article at the same canonical address exists. */
  add(profileId: number, article: ArticleInput): Promise<Article>;
  /** false when the profile has no such article; ArticleTakenError when the new address is another article's. */
  update(profileId: number, articleId: number, article: ArticleInput): Promise<boolean>;
}

export class ArticleTakenError extends Error {
  constructor(readonly byThisProfile: boolean) {
    super(byThisProfile ? 'this article is already in the portfolio' : 'this article is listed on another profile');
    this.name = 'ArticleTakenError';
  }
}

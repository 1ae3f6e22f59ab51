import type { AuthorView } from '../domain/types';
import type { RenderedAnswers } from '../domain/rendered-answers';
import type { Step } from '../database/steps';

/** A profile's answers as rendered from its current fields and articles, with the count they were rendered from. */
export interface ProfileAnswers {
  profileId: number;
  activeArticleCount: number;
  answers: Required<RenderedAnswers>;
}

/**
 * What re-rendering asks of a database, inside the write that changed a profile or its articles (each method
 * returns a value on SQLite, inside the caller's transaction, and a promise on MongoDB; see database/steps.ts).
 */
export interface AnswersUnit {
  /**
   * Each profile's fields, its latest active articles and its active-article count, counted now from the stored
   * articles (never incremented, so repeated or concurrent writers converge); ids with no profile are left out.
   */
  authorViews(profileIds: number[]): Step<AuthorView[]>;
  /** Stores each profile's count and answers (with their entity tags). */
  saveAnswers(rendered: ProfileAnswers[]): Step<void>;
}

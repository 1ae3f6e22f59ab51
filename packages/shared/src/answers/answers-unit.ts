import type { AuthorView } from '../domain/types';
import type { RenderedAnswers } from '../domain/rendered-answers';
import type { VerifiedIdentity } from '../claims/verified-identity';
import type { OutletsUnit } from '../outlets/outlets-unit';
import type { Step } from '../database/steps';

/** A profile's answers as rendered from its current fields and articles, with the count they were rendered from. */
export interface ProfileAnswers {
  profileId: number;
  activeArticleCount: number;
  answers: Required<RenderedAnswers>;
}

/** A profile as its answers are rendered from: its fields and articles, and its live evidence (v2). */
export interface EvidencedView extends AuthorView {
  evidence: VerifiedIdentity[];
}

/**
 * What re-rendering asks of a database, inside the write that changed a profile or its articles (each method
 * returns a value on SQLite, inside the caller's transaction, and a promise on MongoDB; see database/steps.ts).
 */
export interface AnswersUnit extends OutletsUnit {
  /**
   * Each profile's fields, its latest active articles and its active-article count, counted now from the stored
   * articles (never incremented, so repeated or concurrent writers converge); ids with no profile are left out.
   */
  authorViews(profileIds: number[]): Step<EvidencedView[]>;
  /** Stores each profile's count and answers (with their entity tags). */
  saveAnswers(rendered: ProfileAnswers[]): Step<void>;
}

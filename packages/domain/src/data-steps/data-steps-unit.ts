import type { AnswersUnit } from '../answers/answers-unit';
import type { ArticleProof } from '../articles/article-proof';
import type { ArticlesUnitOfWrite } from '../articles/articles-repository';
import type { AffiliationOfRecord } from '../articles/attribution-basis-backfill';
import type { StandingPublisher } from '../articles/end-vouched-articles';
import type { Step, Steps } from '../store/steps';

/**
 * Why a data step renders profiles' answers again: they lack answers added by a schema change (written before it),
 * or their articles stopped counting when articles became claims (those not proven).
 */
export type RenderReason = 'article' | 'article-tag' | 'article-v2' | 'unproven-articles' | 'bluesky-claims';

/** One of the worker's attributions, as data step 038 reads them: a page at a time, in id order. */
export interface AttributedArticle {
  id: number;
  profileId: number;
  proven: boolean;
  proof: ArticleProof;
}

/**
 * What the data steps (data-steps.ts) ask of a database: primitive reads and single-row writes, and a short write
 * of their own. Each method returns a value on SQLite and a promise on MongoDB (see store/steps.ts).
 */
export interface DataStepsUnit {
  /**
   * `steps` as one short write: an IMMEDIATE transaction on SQLite, so a step over a large file never holds the
   * write lock for long and other processes opening it wait a moment only; each step awaited in turn on MongoDB.
   */
  ownWrite<T>(steps: () => Steps<T>): Step<T>;
  articles: ArticlesUnitOfWrite;
  answers: AnswersUnit;
  /** Up to `limit` profiles after `afterId`, in id order, whose answers are rendered again for this reason. */
  profilesToRender(reason: RenderReason, afterId: number, limit: number): Step<number[]>;
  publisherIds(): Step<number[]>;
  /** The publisher as its vouching stands now, with every profile it had an affiliation with; null if gone. */
  standingOf(publisherId: number): Step<StandingPublisher | null>;
  /** Up to `limit` articles after `afterId` whose proof has evidence from the worker's attribution. */
  attributedArticles(afterId: number, limit: number): Step<AttributedArticle[]>;
  /** The profile's affiliations with their publishers' slugs and names, newest first. */
  affiliationsOf(profileId: number): Step<AffiliationOfRecord[]>;
  /**
   * Writes the article's proof with the attribution basis recorded, only while the stored proof is still `was`
   * (as far as the basis goes): another process running the step, or ending the proof meanwhile, is never undone.
   */
  recordAttributionBasis(articleId: number, proof: ArticleProof, was: ArticleProof): Step<void>;
  /** Every article whose link has a query string: its id, owner and link. */
  articleLinksWithQuery(): Step<{ id: number; profileId: number; link: string }[]>;
  /** Sets the article's link, only while it is still `was`. */
  setArticleLink(articleId: number, link: string, was: string): Step<void>;
}

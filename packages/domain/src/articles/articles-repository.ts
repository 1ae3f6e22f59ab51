import type { AnswersUnit } from '../answers/answers-unit';
import type { Article, ArticleInput } from '../domain/types';
import type { HistoryEntry } from '../claims/claims-repository';
import type { Step, Steps } from '../store/steps';
import type { Settlement } from '../queue/leased-queue';
import type { WebhookEvent } from '../webhook-events/webhook-event';
import type { ArticleClaim, ArticleProof } from './article-proof';

/**
 * A profile's articles, each a claim with its proof (see article-proof.ts). They are the records the verifiers look
 * up by address: an article answers and counts only while proven and listed active, and every change brings the
 * profile's active-article count and rendered answers up to date (see answers/rerender-answers.ts). The rules that
 * add, update, prove an article and release other profiles' claims of its address are written once over
 * ArticlesUnitOfWrite (article-changes.ts, prove-article.ts); no claim blocks another profile's, and several
 * profiles may have one address proven, each by its own evidence (co-authors, answered in credit order: see
 * creditOrderOf).
 */
export interface Articles {
  /** All the profile's articles, active or not, proven or not, newest first. */
  list(profileId: number): Promise<Article[]>;
  /** The profile's articles with their proofs, newest first. */
  claimsOf(profileId: number): Promise<ArticleClaim[]>;
  /** Articles that count (proven and listed active), newest first. */
  latest(profileId: number, limit: number): Promise<Article[]>;
  find(profileId: number, articleId: number): Promise<Article | null>;
  /** The profiles that have the article at this canonical address proven (its co-authors), in credit order. */
  provenBy(canonicalUrl: string): Promise<number[]>;
  /** Adds an article as a claim (`claimed`, counting nothing yet). ArticleTakenError when this profile lists it already. */
  add(profileId: number, article: ArticleInput): Promise<ArticleClaim>;
  /**
   * false when the profile has no such article; ArticleTakenError as for add. A new address is a new claim: its
   * proof starts again. `at` is the time of the webhook event the change may send.
   */
  update(profileId: number, articleId: number, article: ArticleInput, at: Date): Promise<boolean>;
  /** Runs a rule's steps as one unit of write (SQLite: one transaction; MongoDB: each step awaited in turn). */
  inOneWrite<T>(steps: (unit: ArticlesUnitOfWrite) => Steps<T>): Promise<T>;
}

/** An article claim as the rules read and write it. */
export interface StoredArticleClaim {
  id: number;
  profileId: number;
  canonicalUrl: string;
  /** Whether its owner lists it active (it counts only when proven too). */
  listedActive: boolean;
  proof: ArticleProof;
}

/**
 * A write that ends evidence, made only if the proof is still as it was read: the same state, and these evidence
 * entries (by index) still live. On MongoDB, where the read and the write are separate, it keeps two processes
 * ending the same evidence at once (two replicas, a data step run by both) from both writing and auditing it; false
 * when the proof had changed. SQLite's unit reads and writes inside one transaction, where it always holds.
 */
export interface ProofGuard {
  liveEvidence: number[];
}

/**
 * An article's fields a change writes: its owner's listing, whether it counts, and, for a new claim, its address
 * and proof (left as they are when absent).
 */
export interface ArticleFields {
  article: ArticleInput;
  /** Whether it counts (see article-changes.ts): proven and listed active. */
  active: boolean;
  canonicalUrl?: string;
  proof?: ArticleProof;
  /** Its place among the address's authors (creditOrderOf its proof): given with every new proof. */
  creditOrder?: number;
}

/**
 * The primitive reads and writes the article rules are made of, each a Step (see database/steps.ts). No method
 * decides anything: what counts, which events a change sends and what follows from it are the rules'.
 */
export interface ArticlesUnitOfWrite {
  claim(profileId: number, articleId: number): Step<StoredArticleClaim | null>;
  /** Every profile's article at this canonical address, oldest first. */
  claimsAt(canonicalUrl: string): Step<StoredArticleClaim[]>;
  /** The profile's proven articles, oldest first. */
  provenClaimsOf(profileId: number): Step<StoredArticleClaim[]>;
  /**
   * A new article of the profile at the address; its id, or null, nothing written, when the store's unique index
   * refuses it (the profile listed the address meanwhile: MongoDB, where the rule's read and this write are apart).
   */
  insertArticle(
    profileId: number,
    canonicalUrl: string,
    fields: ArticleFields & { proof: ArticleProof; creditOrder: number },
  ): Step<number | null>;
  /**
   * Writes these fields of the profile's article, and `events` for the outbox in the same write; false, nothing
   * written, when the store's unique index refuses a new address (as for insertArticle).
   */
  writeArticle(
    claim: Pick<StoredArticleClaim, 'id' | 'profileId' | 'canonicalUrl'>,
    fields: ArticleFields,
    events: WebhookEvent[],
  ): Step<boolean>;
  /**
   * Writes an article's proof, whether it counts (`active`, see article-counts.ts), its credit order and `events`
   * for the outbox, in one write. false, writing nothing, when `guard` does not hold.
   */
  writeProof(
    article: StoredArticleClaim,
    proof: ArticleProof,
    counting: { active: boolean; creditOrder: number; events: WebhookEvent[] },
    guard?: ProofGuard,
  ): Step<boolean>;
  /** The profile's slug while it is verified; null otherwise (see articleCountEvents). */
  verifiedSlugOf(profileId: number): Step<string | null>;
  appendHistory(entry: HistoryEntry, now: string): Step<void>;
  /** The answers' unit in the same write: re-rendering the profiles whose articles changed (rerenderAnswers). */
  readonly answers: AnswersUnit;
  /**
   * Queues the article's page check at `dueAt` (topic ARTICLE_CHECK_TOPIC, keyed by its id): how a proof by the
   * page's author markup gets its re-checks. An item a checker holds is left to that checker (see LeasedQueue.enqueue).
   */
  scheduleCheck(claim: Pick<StoredArticleClaim, 'id' | 'profileId'>, dueAt: Date): Step<void>;
  /** Whether `holder` still holds the check item `itemId`: a check is recorded only under its lease. */
  holdsCheck(itemId: string, holder: string): Step<boolean>;
  /** Settles the check item (see LeasedQueue.settle); false, nothing written, unless `holder` holds it. */
  settleCheck(itemId: string, holder: string, next: Settlement, at: Date): Step<boolean>;
}

/**
 * The profile lists the address already (`listed`), or an editor moved it from this profile to another that has it
 * proven (`moved-away`: listing it again would let its page undo the editor's decision; only an editor moves it
 * back). Another profile's claim or proof alone never refuses it (see Articles).
 */
export class ArticleTakenError extends Error {
  constructor(readonly reason: 'listed' | 'moved-away' = 'listed') {
    super(reason === 'listed' ? 'this article is already in the portfolio' : 'an editor moved this article to another profile');
    this.name = 'ArticleTakenError';
  }
}

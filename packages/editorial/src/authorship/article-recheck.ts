import type { OwnerNotifier } from '../notify/owner-notifier';
import { ARTICLE_CHECK_TOPIC } from '@byline/domain/queue/topics';
import { forEachDueItem, type LeasedQueue, type QueueItem } from '@byline/domain/queue/leased-queue';
import {
  recheckedEvidenceOf,
  recordArticleCheckSteps,
  type ArticleCheckResult,
} from '@byline/domain/articles/record-article-check';
import { type ArticleCheckPayload } from '@byline/domain/articles/article-check-item';
import { type RecheckPolicy } from '@byline/domain/proofs/claim-store';
import type { Logger } from '@byline/domain/logging/logger';
import { authorshipSubjectOf } from './authorship-subject';
import { checkArticle, readArticleCredit, type ArticleCheckDeps } from './check-article';
import { onceEach, type PageFetcher } from './fetch-page';
import { onceEachAccount, type ActorReader } from './fediverse-actor';

export interface ArticleRecheckSummary {
  /** Pages read and recorded. */
  checked: number;
  held: number;
  failing: number;
  lapsed: number;
  /** Claims no one had checked, checked once (proven or given the reason they do not count). */
  firstChecks: number;
  /** Read, but the lease had passed to another run (or the proof ended meanwhile): nothing recorded. */
  leaseLost: number;
}

export interface ArticleRecheckOptions {
  sources: ArticleCheckDeps['sources'];
  queue: LeasedQueue;
  /** The article-page fetcher (createPageFetcher within ALLOWED_PRIVATE_ADDRESSES): the portal's own rules. */
  fetchPage: PageFetcher;
  /**
   * Reads the attributionDomains of fediverse accounts (createActorReader, the same outbound rules), so that a
   * re-check allows a page by the fediverse account's side as the first check did; Byline's list only without.
   */
  readActor?: ActorReader;
  portalUrl: string;
  /** RECHECK_INTERVAL, RECHECK_GRACE, RECHECK_RETRY: the rel="me" proofs' schedule. */
  policy: RecheckPolicy;
  holder: string;
  now?: () => Date;
  batchSize?: number;
  /** Stops the run: no more items are taken; an item in hand is left to its lease, which expires. */
  signal?: AbortSignal;
  logger?: Logger;
  /** Tells the owner when one of their articles lapses (by mail with SMTP_URL). */
  notifier?: OwnerNotifier;
}

/** Items leased at a time; each page fetch takes at most the fetcher's timeout (5 s by default). */
const BATCH_SIZE = 10;
const LEASE_MS = BATCH_SIZE * 30_000;

/**
 * The worker's checks of article pages, items of the leased queue (ARTICLE_CHECK_TOPIC, one per article): a proven
 * article's re-check, due RECHECK_INTERVAL after its last one (recordArticleCheckSteps decides held, failing or
 * lapsed, by the rel="me" re-checks' rule), and the one-time first check of a claim no one checked (queued by the
 * 028 data step for the claims 026 left unchecked). Safe beside other runs: an item is worked only under this
 * run's lease, and a run never takes again what was settled since it started.
 */
export async function runArticleRecheck(options: ArticleRecheckOptions): Promise<ArticleRecheckSummary> {
  const { queue, holder, now = () => new Date(), batchSize = BATCH_SIZE, signal } = options;
  const summary: ArticleRecheckSummary = { checked: 0, held: 0, failing: 0, lapsed: 0, firstChecks: 0, leaseLost: 0 };
  const run = { topic: ARTICLE_CHECK_TOPIC, holder, leaseMs: LEASE_MS, batchSize, now, signal };
  // The sites' author pages, read once in this run however many of their articles credit them through one.
  const fetchAuthorPage = onceEach(options.fetchPage);
  // A journalist's fediverse account, asked once in this run however many of their articles name it.
  const readActor = options.readActor && onceEachAccount(options.readActor);
  await forEachDueItem(queue, run, (item) => checkItem(item, { ...options, fetchAuthorPage, readActor }, now, summary));
  return summary;
}

async function checkItem(
  item: QueueItem,
  options: ArticleRecheckOptions & { fetchAuthorPage: PageFetcher },
  now: () => Date,
  summary: ArticleRecheckSummary,
) {
  const { sources, queue, fetchPage, fetchAuthorPage, readActor, portalUrl, policy, holder, logger } = options;
  const articleId = Number(item.key);
  const { profileId } = item.payload as unknown as ArticleCheckPayload;
  const claim = (await sources.articles.claimsOf(profileId)).find((candidate) => candidate.article.id === articleId);
  const about = { profileId, articleId };
  if (claim?.proof.state === 'claimed') {
    // Settled first: a proof the check records queues the article's re-check on this same key, which an item
    // still held would refuse. Interrupted in between, the claim waits for its owner's "Check again".
    await queue.settle(item.id, holder, 'done', now());
    const outcome = await checkArticle(
      { sources, fetchPage, fetchAuthorPage, readActor, portalUrl, policy, now },
      profileId,
      articleId,
    );
    summary.firstChecks++;
    logger?.info('article checked for the first time', { ...about, status: outcome.status });
    return;
  }
  const subject = claim && recheckedEvidenceOf(claim.proof) && (await authorshipSubjectOf(sources, profileId, portalUrl));
  if (!claim || !subject) {
    // No proof to re-check: the article is gone, released, lapsed or proven otherwise (an editor's, an import).
    await queue.settle(item.id, holder, 'done', now());
    return;
  }
  const credit = await readArticleCredit({ fetchPage, fetchAuthorPage, readActor }, subject, claim.article.link);
  // Cut short by the stop, not by the site: not a result to record. The lease expires and it is read again.
  if (credit.outcome !== 'credited' && options.signal?.aborted) return;
  const outcome =
    credit.outcome === 'credited'
      ? { ok: true as const, matched: credit.matched, position: credit.position, allowedBy: credit.allowedBy }
      : { ok: false as const, reason: credit.reason };
  const result: ArticleCheckResult = await sources.articles.inOneWrite((unit) =>
    recordArticleCheckSteps(unit, { profileId, articleId, item: { id: item.id, holder }, outcome, now: now(), policy }),
  );
  summary.checked++;
  if (result === 'lease-lost') summary.leaseLost++;
  else summary[result]++;
  const reason = outcome.ok ? null : outcome.reason;
  if (result === 'lapsed') {
    logger?.warn('article lapsed', { ...about, reason }); // ids only: the article's address is the person's data
    options.notifier?.notify({ kind: 'proof-lapsed', profileId, claim: `article ${claim.article.link}`, note: reason ?? '' });
  } else logger?.debug('article re-checked', { ...about, result, reason });
}

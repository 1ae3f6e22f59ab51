import { repositoriesOf } from '@byline/shared/store';
import { checkArticle as checkArticlePage, type ArticleCheckOutcome } from '@byline/editorial/authorship/check-article';
import { type RecheckPolicy } from '@byline/domain/proofs/claim-store';
import type { Store } from '@byline/domain/store/store';
import type { PageFetcher } from '../fetch/fetch-page';

export { AUTHORSHIP_CHECKER, type ArticleCheckOutcome } from '@byline/editorial/authorship/check-article';

/**
 * The portal's page check of an unproven article, when it is saved or its owner asks: the one the worker runs
 * for claims no one checked (@byline/editorial's checkArticle). A page that credits the profile proves the article
 * and queues its re-checks on RECHECK_INTERVAL; anything else is recorded as the reason it does not count.
 *
 * The page is read on the portal's main thread, as the form's prefill reads it (extractArticleMetadata): both
 * readers go through the page once (scanHtml), in time linear in its length, and the slowest 2 MB page (the fetch
 * cap) written to stall them took 30-45 ms on the project's two-core machine (`npm run bench:hostile-pages`,
 * 2026-11-29). That is below the ~50 ms past which the read would go to a worker thread, for the cost of a thread
 * and of copying the page to it; test/hostile-article-page.test.ts checks that other requests are still answered
 * within 200 ms while such a page is read.
 */
export function checkArticle(
  { store, fetchPage, portalUrl, policy }: { store: Store; fetchPage: PageFetcher; portalUrl: string; policy: RecheckPolicy },
  profileId: number,
  articleId: number,
): Promise<ArticleCheckOutcome> {
  return checkArticlePage({ sources: repositoriesOf(store), fetchPage, portalUrl, policy }, profileId, articleId);
}

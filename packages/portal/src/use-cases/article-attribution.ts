import { repositoriesOf } from '@byline/shared/store';
import { checkArticle as checkArticlePage, type ArticleCheckOutcome } from '@byline/editorial/authorship/check-article';
import { pageReadsThread } from '@byline/editorial/authorship/page-reads-thread';
import type { ActorReader } from '@byline/editorial/authorship/fediverse-actor';
import { type RecheckPolicy } from '@byline/domain/proofs/claim-store';
import type { Store } from '@byline/domain/store/store';
import type { PageFetcher } from '../fetch/fetch-page';

export { AUTHORSHIP_CHECKER, type ArticleCheckOutcome } from '@byline/editorial/authorship/check-article';

/**
 * The portal's page check of an unproven article, when it is saved or its owner asks: the one the worker runs
 * for claims no one checked (@byline/editorial's checkArticle). A page that credits the profile proves the article
 * and queues its re-checks on RECHECK_INTERVAL; anything else is recorded as the reason it does not count.
 *
 * The page is read on the page-reading thread (pageReadsThread), not on the thread that answers requests: the
 * readers are linear in a page's length, but the slowest 2 MB page (the fetch cap) written to stall them takes about
 * 70 ms (`npm run bench:hostile-pages`, 2026-11-29), past the ~50 ms a request may be held up for someone else's
 * check. test/hostile-article-page.test.ts checks that other requests are answered within 200 ms meanwhile. The
 * form's prefill reads the page's metadata on the same thread (prefillArticle).
 */
export function checkArticle(
  {
    store,
    fetchPage,
    readActor,
    portalUrl,
    policy,
  }: { store: Store; fetchPage: PageFetcher; readActor?: ActorReader; portalUrl: string; policy: RecheckPolicy },
  profileId: number,
  articleId: number,
): Promise<ArticleCheckOutcome> {
  return checkArticlePage(
    { sources: repositoriesOf(store), fetchPage, readActor, portalUrl, policy, reads: pageReadsThread() },
    profileId,
    articleId,
  );
}

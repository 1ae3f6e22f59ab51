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
 */
export function checkArticle(
  { store, fetchPage, portalUrl, policy }: { store: Store; fetchPage: PageFetcher; portalUrl: string; policy: RecheckPolicy },
  profileId: number,
  articleId: number,
): Promise<ArticleCheckOutcome> {
  return checkArticlePage({ sources: repositoriesOf(store), fetchPage, portalUrl, policy }, profileId, articleId);
}

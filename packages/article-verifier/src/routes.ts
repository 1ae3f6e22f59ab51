import { Router } from 'express';
import {
  entityTagOf,
  quickArticleInput,
  serviceRepositoriesOf,
  verifyArticleSchema,
  type TaggedAnswer,
  type VerifyArticleInput,
} from '@byline/shared';
import {
  answerCacheOf,
  batchVerificationHandler,
  fieldsFrom,
  labelledCounter,
  methodNotAllowed,
  preflight,
  verificationGate,
  verificationHandler,
  type Caller,
  type Metrics,
  type ServiceDeps,
} from '@byline/http';
import { servedArticle, verifyArticle, verifyArticles } from './verify-article';
import { servedArticleV2, verifyArticleV2, type ServedV2 } from './verify-article-v2';
import { AttributionRequests } from './attribution-requests';

export const VERIFY_ARTICLE_PATH = '/api/verify_article';
/** The four answer kinds: the author, the outlet with what is known of it, the outlet alone, or nothing. */
export const VERIFY_ARTICLE_V2_PATH = '/api/v2/verify_article';
/** Up to 100 addresses in one request, each answered as the single operation answers it. */
export const VERIFY_ARTICLES_PATH = '/api/v1/verify_articles';
export const VERIFY_ARTICLES_V2_PATH = '/api/v2/verify_articles';

const METHODS = ['POST', 'GET'];
/** A batch's list is in its JSON body: no GET. */
const BATCH_METHODS = ['POST'];

/**
 * POST (GET is an alias) /api/verify_article?url=… and /api/v2/verify_article?url=… → auth → rate limit →
 * validation → use case: the two versions differ only in their answer. POST /api/v1/verify_articles and
 * /api/v2/verify_articles with `{"urls": [...]}` run the same use cases for each address (see
 * batchVerificationHandler). OPTIONS is the CORS preflight (204, no credentials, no rate limit). HEAD is answered
 * 405 before credentials are read: it would learn nothing (200 either way, the verdict is in the body) yet cost
 * rate budget.
 */
export function verifyArticleRoutes(deps: ServiceDeps, metrics?: Metrics): Router {
  const { store, logger } = deps;
  const { publisherDomains, outletDigests, queue } = serviceRepositoriesOf(store);
  const { gate, origins } = verificationGate(deps);
  const dropped =
    metrics &&
    labelledCounter(
      metrics,
      'byline_attribution_asks_dropped_total',
      'Attribution asks of v2 lookups dropped over quota, by the quota (account: per API account; publisher: per publisher)',
      'over',
    );
  const attribution = new AttributionRequests(queue, logger, { now: deps.now, onDropped: dropped });
  deps.onClose?.(() => attribution.stop());
  const { credentialsAt } = deps;
  const credentials = credentialsAt ? { portalUrl: credentialsAt, portalTag: entityTagOf(credentialsAt) } : undefined;
  const v2Sources = { store, publisherDomains, outletDigests, attribution, credentials };
  // The service's budget for v1's and v2's answers, half each; kept while the store says nothing changed.
  const v1Cache = answerCacheOf<TaggedAnswer>(deps, 0.5);
  const v2Cache = answerCacheOf<ServedV2>(deps, 0.5);
  const v1 = (input: VerifyArticleInput) => verifyArticle(store, input);
  const v2 = (input: VerifyArticleInput, caller: Caller) => verifyArticleV2(v2Sources, input, caller);
  const single = (answer: (input: VerifyArticleInput, caller: Caller) => Promise<TaggedAnswer>) =>
    verificationHandler<VerifyArticleInput>(gate, {
      schema: verifyArticleSchema,
      fields: (req) => fieldsFrom(req, ['url']),
      quick: (fields) => quickArticleInput(fields.url),
      answer,
    });
  const batch = (
    answer: (input: VerifyArticleInput, caller: Caller) => Promise<TaggedAnswer>,
    answerMany?: (inputs: VerifyArticleInput[]) => Promise<TaggedAnswer[]>,
  ) =>
    batchVerificationHandler<VerifyArticleInput>(gate, {
      list: 'urls',
      fieldsOf: (url) => ({ url }),
      fieldOf: (index) => `urls[${index}]`,
      schema: verifyArticleSchema,
      quickInput: quickArticleInput,
      answer,
      answerMany,
    });
  const router = Router();
  const operations = [
    [VERIFY_ARTICLE_PATH, single((input) => servedArticle(store, v1Cache, input)), METHODS],
    [VERIFY_ARTICLE_V2_PATH, single((input, caller) => servedArticleV2(v2Sources, v2Cache, input, caller)), METHODS],
    [VERIFY_ARTICLES_PATH, batch(v1, (inputs) => verifyArticles(store, inputs)), BATCH_METHODS],
    [VERIFY_ARTICLES_V2_PATH, batch(v2), BATCH_METHODS],
  ] as const;
  for (const [path, handle, methods] of operations) {
    const route = router.route(path).post(handle);
    if (methods.includes('GET')) route.get(handle);
    const refuse = methodNotAllowed([...methods]);
    route
      .options(preflight([...methods], origins))
      .head(refuse)
      .all(refuse);
  }
  return router;
}

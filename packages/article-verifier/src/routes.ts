import { Router } from 'express';
import { serviceRepositoriesOf, verifyArticleSchema, type TaggedAnswer, type VerifyArticleInput } from '@byline/shared';
import {
  fieldsFrom,
  methodNotAllowed,
  preflight,
  verificationGate,
  verificationHandler,
  type ServiceDeps,
} from '@byline/shared/http';
import { verifyArticle } from './verify-article';
import { verifyArticleV2 } from './verify-article-v2';

export const VERIFY_ARTICLE_PATH = '/api/verify_article';
/** The four answer kinds: the author, the outlet with what is known of it, the outlet alone, or nothing. */
export const VERIFY_ARTICLE_V2_PATH = '/api/v2/verify_article';

const METHODS = ['POST', 'GET'];

/**
 * POST (GET is an alias) /api/verify_article?url=… and /api/v2/verify_article?url=… → auth → rate limit →
 * validation → use case: the two versions differ only in their answer. OPTIONS is the
 * CORS preflight (204, no credentials, no rate limit). HEAD is answered 405 before credentials are read: it
 * would learn nothing (200 either way, the verdict is in the body) yet cost rate budget.
 */
export function verifyArticleRoutes(deps: ServiceDeps): Router {
  const { store, logger } = deps;
  const { publishers, outletDigests, queue } = serviceRepositoriesOf(store);
  const { gate, origins } = verificationGate(deps);
  const operation = (answer: (input: VerifyArticleInput) => Promise<TaggedAnswer>) =>
    verificationHandler<VerifyArticleInput>(gate, {
      schema: verifyArticleSchema,
      fields: (req) => fieldsFrom(req, ['url']),
      answer,
    });
  const refuse = methodNotAllowed(METHODS);
  const router = Router();
  const versions = [
    [VERIFY_ARTICLE_PATH, operation((input) => verifyArticle(store, input))],
    [
      VERIFY_ARTICLE_V2_PATH,
      operation((input) => verifyArticleV2({ store, publishers, outletDigests, attribution: { queue, logger } }, input)),
    ],
  ] as const;
  for (const [path, handle] of versions) {
    router.route(path).post(handle).get(handle).options(preflight(METHODS, origins)).head(refuse).all(refuse);
  }
  return router;
}

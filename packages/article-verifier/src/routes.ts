import { Router } from 'express';
import { verifyArticleSchema, type VerifyArticleInput } from '@byline/shared';
import {
  fieldsFrom,
  methodNotAllowed,
  preflight,
  verificationGate,
  verificationHandler,
  type ServiceDeps,
} from '@byline/shared/http';
import { verifyArticle } from './verify-article';

export const VERIFY_ARTICLE_PATH = '/api/verify_article';

const METHODS = ['POST', 'GET'];

/**
 * POST (GET is an alias) /api/verify_article?url=… → auth → rate limit → validation → use case. OPTIONS is the
 * CORS preflight (204, no credentials, no rate limit). HEAD is answered 405 before credentials are read: it
 * would learn nothing (200 either way, the verdict is in the body) yet cost rate budget.
 */
export function verifyArticleRoutes(deps: ServiceDeps): Router {
  const { store } = deps;
  const { gate, origins } = verificationGate(deps);
  const handle = verificationHandler<VerifyArticleInput>(gate, {
    schema: verifyArticleSchema,
    fields: (req) => fieldsFrom(req, ['url']),
    answer: (input) => verifyArticle(store, input),
  });
  const refuse = methodNotAllowed(METHODS);
  const router = Router();
  router.route(VERIFY_ARTICLE_PATH).post(handle).get(handle).options(preflight(METHODS, origins)).head(refuse).all(refuse);
  return router;
}

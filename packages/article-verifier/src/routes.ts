import { Router } from 'express';
import { CredentialChecker, verifyArticleSchema, type VerifyArticleInput } from '@byline/shared';
import { fieldsFrom, inMemoryRateLimiting, methodNotAllowed, verificationHandler, type ServiceDeps } from '@byline/shared/http';
import { verifyArticle } from './verify-article';

export const VERIFY_ARTICLE_PATH = '/api/verify_article';

/** POST (GET is an alias) /api/verify_article?url=… → auth → rate limit → validation → use case. */
export function verifyArticleRoutes({ store, logger, authCacheTtlMs = 1000, rateLimiting }: ServiceDeps): Router {
  const gate = {
    checker: new CredentialChecker(store, authCacheTtlMs),
    limiting: rateLimiting ?? inMemoryRateLimiting({ store, logger }),
  };
  const handle = verificationHandler<VerifyArticleInput>(gate, {
    schema: verifyArticleSchema,
    fields: (req) => fieldsFrom(req, ['url']),
    answer: (input) => verifyArticle(store, input),
  });
  const router = Router();
  router
    .route(VERIFY_ARTICLE_PATH)
    .post(handle)
    .get(handle)
    .all(methodNotAllowed(['POST', 'GET']));
  return router;
}

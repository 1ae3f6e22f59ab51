import { Router, type Request, type Response } from 'express';
import {
  authenticate,
  bodyParsing,
  CredentialChecker,
  fieldFrom,
  inMemoryRateLimiting,
  methodNotAllowed,
  rateLimit,
  sendJsonText,
  validate,
  verifyArticleSchema,
  type ServiceDeps,
  type VerifyArticleInput,
} from '@byline/shared';
import { verifyArticle } from './verify-article';

export const VERIFY_ARTICLE_PATH = '/api/verify_article';

/** POST (GET is an alias) /api/verify_article?url=… → auth → rate limit → validation → use case. */
export function verifyArticleRoutes({ store, logger, authCacheTtlMs = 1000, rateLimiting }: ServiceDeps): Router {
  const router = Router();
  const checker = new CredentialChecker(store, authCacheTtlMs);
  const limiting = rateLimiting ?? inMemoryRateLimiting({ store, logger });
  const handle = [
    authenticate(checker),
    rateLimit(limiting, (key) => checker.rateLimitOf(key)),
    ...bodyParsing(),
    validate(verifyArticleSchema, (req) => ({ url: fieldFrom(req, 'url') })),
    async (_req: Request, res: Response) => {
      sendJsonText(res, await verifyArticle(store, res.locals.input as VerifyArticleInput));
    },
  ];
  router
    .route(VERIFY_ARTICLE_PATH)
    .post(...handle)
    .get(...handle)
    .all(methodNotAllowed(['POST', 'GET']));
  return router;
}

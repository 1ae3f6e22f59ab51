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
  verifyJournalistSchema,
  type ServiceDeps,
  type VerifyJournalistInput,
} from '@byline/shared';
import { verifyJournalist } from './verify-journalist';

export const VERIFY_JOURNALIST_PATH = '/api/v1/verify_journalist';

/** POST /api/v1/verify_journalist with social_username and social_type (JSON, form or query) → auth → rate limit → validation → use case. */
export function verifyJournalistRoutes({ store, logger, authCacheTtlMs = 1000, rateLimiting }: ServiceDeps): Router {
  const router = Router();
  const checker = new CredentialChecker(store, authCacheTtlMs);
  const limiting = rateLimiting ?? inMemoryRateLimiting({ store, logger });
  router
    .route(VERIFY_JOURNALIST_PATH)
    .post(
      authenticate(checker),
      rateLimit(limiting, (key) => checker.rateLimitOf(key)),
      ...bodyParsing(),
      validate(verifyJournalistSchema, (req) => ({
        social_username: fieldFrom(req, 'social_username'),
        social_type: fieldFrom(req, 'social_type'),
      })),
      async (_req: Request, res: Response) => {
        sendJsonText(res, await verifyJournalist(store, res.locals.input as VerifyJournalistInput));
      },
    )
    .all(methodNotAllowed(['POST']));
  return router;
}

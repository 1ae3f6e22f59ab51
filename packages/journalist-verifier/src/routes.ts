import { Router } from 'express';
import { verifyJournalistSchema, type VerifyJournalistInput } from '@byline/shared';
import {
  fieldsFrom,
  methodNotAllowed,
  preflight,
  verificationGate,
  verificationHandler,
  type ServiceDeps,
} from '@byline/shared/http';
import { verifyJournalist } from './verify-journalist';

export const VERIFY_JOURNALIST_PATH = '/api/v1/verify_journalist';

const METHODS = ['POST'];

/**
 * POST /api/v1/verify_journalist with social_username and social_type (JSON, form or query) → auth → rate limit →
 * validation → use case. OPTIONS is the CORS preflight (204, no credentials, no rate limit); HEAD, like GET, is 405.
 */
export function verifyJournalistRoutes(deps: ServiceDeps): Router {
  const { store } = deps;
  const { gate, origins } = verificationGate(deps);
  const handle = verificationHandler<VerifyJournalistInput>(gate, {
    schema: verifyJournalistSchema,
    fields: (req) => fieldsFrom(req, ['social_username', 'social_type']),
    answer: (input) => verifyJournalist(store, input),
  });
  const router = Router();
  router.route(VERIFY_JOURNALIST_PATH).post(handle).options(preflight(METHODS, origins)).all(methodNotAllowed(METHODS));
  return router;
}

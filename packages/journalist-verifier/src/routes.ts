import { Router } from 'express';
import { quickJournalistInput, verifyJournalistSchema, type TaggedAnswer, type VerifyJournalistInput } from '@byline/shared';
import {
  answerCacheOf,
  batchVerificationHandler,
  fieldsFrom,
  methodNotAllowed,
  preflight,
  verificationGate,
  verificationHandler,
  type ServiceDeps,
} from '@byline/http';
import { servedJournalist, verifyJournalist, verifyJournalists } from './verify-journalist';

export const VERIFY_JOURNALIST_PATH = '/api/v1/verify_journalist';
/** Up to 100 accounts in one request, each answered as the single operation answers it. */
export const VERIFY_JOURNALISTS_PATH = '/api/v1/verify_journalists';

const METHODS = ['POST'];

/**
 * POST /api/v1/verify_journalist with social_username and social_type (JSON, form or query) → auth → rate limit →
 * validation → use case; POST /api/v1/verify_journalists with `{"journalists": [{social_username, social_type}, …]}`
 * runs the same use case for each (see batchVerificationHandler). OPTIONS is the CORS preflight (204, no
 * credentials, no rate limit); HEAD, like GET, is 405.
 */
export function verifyJournalistRoutes(deps: ServiceDeps): Router {
  const { store } = deps;
  const { gate, origins } = verificationGate(deps);
  const answer = (input: VerifyJournalistInput) => verifyJournalist(store, input);
  const cache = answerCacheOf<TaggedAnswer>(deps);
  const single = verificationHandler<VerifyJournalistInput>(gate, {
    schema: verifyJournalistSchema,
    fields: (req) => fieldsFrom(req, ['social_username', 'social_type']),
    quick: quickJournalistInput,
    answer: (input) => servedJournalist(store, cache, input),
  });
  const batch = batchVerificationHandler<VerifyJournalistInput>(gate, {
    list: 'journalists',
    fieldsOf: (item) => item,
    fieldOf: (index, field) => (field ? `journalists[${index}].${field}` : `journalists[${index}]`),
    schema: verifyJournalistSchema,
    // An item that is no object has no fields to take: the schema words its problem.
    quickInput: (item) => (item !== null && typeof item === 'object' ? quickJournalistInput(item) : undefined),
    answer,
    answerMany: (inputs) => verifyJournalists(store, inputs),
  });
  const router = Router();
  for (const [path, handle] of [
    [VERIFY_JOURNALIST_PATH, single],
    [VERIFY_JOURNALISTS_PATH, batch],
  ] as const) {
    router.route(path).post(handle).options(preflight(METHODS, origins)).all(methodNotAllowed(METHODS));
  }
  return router;
}

/**
 * @byline/http: the Express layer the services share (request context, body parsing, errors, rate
 * limiting, metrics, OpenAPI) and the service app and runner.
 */
export { preflight } from './cors/cors-headers';
export { SHUTDOWN_GRACE_MS, stopGracefullyOnSignals } from './service/graceful-shutdown';
export { runService } from './service/run-service';
export { createServiceApp } from './service/service-app';
export type { ServiceDeps } from './service/service-app';
export { configOrExit, openStoreOrExit } from './service/start-up';
export { verificationGate } from './service/verification-gate';
export { answerCacheOf } from './service/answer-cache-of';
export { runWithWebConcurrency } from './service/web-concurrency';
export { batchVerificationHandler } from './batch-verification-handler';
export { throttleKeyOf } from './client-address';
export { createHttpServer } from './client-errors';
export { Counter, CounterStore } from './counter-store';
export { errorHandler, methodNotAllowed, notFound } from './error-handler';
export { createMetrics, labelledCounter } from './metrics';
export type { Metrics } from './metrics';
export {
  articleOfAuthorSchema,
  articleOfJournalistSchema,
  batchRequestBody,
  batchResponses,
  closedObject,
  latestArticlesSchema,
  openApiDocument,
  titled,
  verificationAnswerSchema,
  verificationResponses,
  withoutExamples,
} from './openapi';
export type { OpenApiDocument } from './openapi';
export { probeRoutes } from './ops-routes';
export type { RateLimiting } from './rate-limit';
export { connectCounterRedis, createRateLimiting, inMemoryRateLimiting } from './rate-limit-setup';
export type { RateLimitingOptions } from './rate-limit-setup';
export { requestContext, requestLog } from './request-context';
export { fieldsFrom } from './validate';
export { verificationHandler } from './verification-handler';
export type { Caller } from './verification-handler';

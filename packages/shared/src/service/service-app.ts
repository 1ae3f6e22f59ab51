import express, { type Express, type Router } from 'express';
import type { Logger } from '../logging/logger';
import type { Store } from '../store/store';
import { errorHandler, notFound } from '../http/error-handler';
import { createMetrics } from '../http/metrics';
import type { OpenApiDocument } from '../http/openapi';
import type { RateLimiting } from '../http/rate-limit';
import { opsRoutes } from '../http/ops-routes';
import { requestId, requestLogger } from '../http/request-context';

export interface ServiceDeps {
  store: Store;
  logger: Logger;
  /** See Config.authCacheTtlMs; defaults to 1000. */
  authCacheTtlMs?: number;
  /** Per-key rate limits and usage counts (createRateLimiting); each operation router makes an in-memory one when absent. */
  rateLimiting?: RateLimiting;
}

export interface ServiceParts {
  name: string;
  routes: Router;
  openApi: OpenApiDocument;
}

/** The frame both verifiers share: request id, metrics, request log, ops routes, the service's own routes, 404, one error handler. */
export function createServiceApp({ store, logger }: ServiceDeps, { name, routes, openApi }: ServiceParts): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const metrics = createMetrics(name);
  app.use(requestId());
  app.use(metrics.middleware);
  app.use(requestLogger(logger));
  app.use(opsRoutes(store, metrics, openApi));
  app.use(routes);
  app.use(notFound);
  app.use(errorHandler(logger));
  return app;
}

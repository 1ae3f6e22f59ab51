import express, { type Express, type Router } from 'express';
import type { Logger } from '../logging/logger';
import type { Store } from '../store/store';
import { errorHandler, notFound } from '../http/error-handler';
import { opsRoutes } from '../http/ops-routes';
import { requestId, requestLogger } from '../http/request-context';

export interface ServiceDeps {
  store: Store;
  logger: Logger;
  /** See Config.authCacheTtlMs; defaults to 1000. */
  authCacheTtlMs?: number;
}

/** The frame both verifiers share: request id, request log, ops routes, the service's own routes, 404, one error handler. */
export function createServiceApp({ store, logger }: ServiceDeps, operationRoutes: Router): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(requestId());
  app.use(requestLogger(logger));
  app.use(opsRoutes(store));
  app.use(operationRoutes);
  app.use(notFound);
  app.use(errorHandler(logger));
  return app;
}

import express, { type Express } from 'express';
import type { Store } from '@byline/domain/store/store';
import { errorHandler, notFound, probeRoutes } from '@byline/http';
import type { Logger } from '@byline/domain/logging/logger';
import type { WorkerMetrics } from './worker-metrics';

/** The worker's only HTTP: the orchestrator's probes (/healthz, /readyz: the store answers) and /metrics. */
export function createOpsApp(store: Store, metrics: WorkerMetrics, logger: Logger): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(probeRoutes(store));
  app.get('/metrics', async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  app.use(notFound);
  app.use(errorHandler(logger));
  return app;
}

import compression from 'compression';
import { Router } from 'express';
import swaggerUi from 'swagger-ui-express';
import type { Store } from '@byline/domain/store/store';
import { StoreCannotWriteError } from '@byline/domain/store/write-health';
import { STORE_RETRY_AFTER_SECONDS } from './error-handler';
import type { Metrics } from './metrics';
import type { OpenApiDocument } from './openapi';

/**
 * /healthz: the process answers. /readyz: the store answers too, so traffic may be sent here.
 * /metrics: Prometheus. /openapi.json and /docs: the service's API description.
 */
export function opsRoutes(store: Store, metrics: Metrics, openApi: OpenApiDocument): Router {
  const router = probeRoutes(store);
  router.get('/metrics', async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  // gzip or br when asked: the document and Swagger UI's script are large and static. Here only: the
  // verification answers (~1 kB) are left to the ingress (see k8s/ingress.yaml).
  const compressed = compression();
  router.get('/openapi.json', compressed, (_req, res) => {
    res.json(openApi);
  });
  router.use('/docs', compressed, swaggerUi.serve, swaggerUi.setup(openApi));
  return router;
}

/**
 * The orchestrator's probes alone, for the portal and the worker: /healthz (liveness) and /readyz (the store answers,
 * and can write: after a write failed for a full disk, 503 with the reason until a small probe write succeeds).
 */
export function probeRoutes(store: Store): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    try {
      await store.ping();
      res.json({ status: 'ready', store: store.kind });
    } catch (error) {
      res.setHeader('Retry-After', String(STORE_RETRY_AFTER_SECONDS));
      // Only this reason is told: the others' messages may name files or hosts.
      const reason = error instanceof StoreCannotWriteError ? { reason: error.message } : {};
      res.status(503).json({ status: 'unavailable', store: store.kind, ...reason });
    }
  });
  return router;
}

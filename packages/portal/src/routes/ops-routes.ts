import { Router } from 'express';
import type { Store } from '@byline/shared';
import { STORE_RETRY_AFTER_SECONDS } from '@byline/shared/http';

/**
 * For the orchestrator: /healthz — the process answers (liveness); /readyz — the store answers too,
 * so traffic may be sent here (readiness). No session, no CSRF: mounted before both.
 */
export function opsRoutes(store: Store): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    try {
      await store.ping();
      res.json({ status: 'ready', store: store.kind });
    } catch {
      res.setHeader('Retry-After', String(STORE_RETRY_AFTER_SECONDS));
      res.status(503).json({ status: 'unavailable', store: store.kind });
    }
  });
  return router;
}

import type { Router } from 'express';
import type { Store } from '@byline/domain/store/store';
import { probeRoutes } from '@byline/http';

/**
 * For the orchestrator: /healthz — the process answers (liveness); /readyz — the store answers too,
 * so traffic may be sent here (readiness). No session, no CSRF: mounted before both.
 */
export function opsRoutes(store: Store): Router {
  return probeRoutes(store);
}

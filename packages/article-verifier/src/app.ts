import type { Express } from 'express';
import { createMetrics, createServiceApp, type ServiceDeps } from '@byline/http';
import { articleVerifierOpenApi } from './openapi';
import { verifyArticleRoutes } from './routes';

export const SERVICE_NAME = 'article-verifier';

export function createApp(deps: ServiceDeps): Express {
  const metrics = createMetrics(SERVICE_NAME);
  return createServiceApp(deps, {
    name: SERVICE_NAME,
    metrics,
    routes: verifyArticleRoutes(deps, metrics),
    openApi: articleVerifierOpenApi(deps.publicUrl),
  });
}

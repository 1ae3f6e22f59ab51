import type { Express } from 'express';
import { createServiceApp, type ServiceDeps } from '@byline/shared/http';
import { articleVerifierOpenApi } from './openapi';
import { verifyArticleRoutes } from './routes';

export const SERVICE_NAME = 'article-verifier';

export function createApp(deps: ServiceDeps): Express {
  return createServiceApp(deps, {
    name: SERVICE_NAME,
    routes: verifyArticleRoutes(deps),
    openApi: articleVerifierOpenApi(deps.publicUrl),
  });
}

import type { Express } from 'express';
import { createServiceApp, type ServiceDeps } from '@byline/shared';
import { verifyArticleRoutes } from './routes';

export const SERVICE_NAME = 'article-verifier';

export function createApp(deps: ServiceDeps): Express {
  return createServiceApp(deps, verifyArticleRoutes(deps));
}

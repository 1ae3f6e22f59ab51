import type { Express } from 'express';
import { createServiceApp, type ServiceDeps } from '@byline/http';
import { journalistVerifierOpenApi } from './openapi';
import { verifyJournalistRoutes } from './routes';

export const SERVICE_NAME = 'journalist-verifier';

export function createApp(deps: ServiceDeps): Express {
  return createServiceApp(deps, {
    name: SERVICE_NAME,
    routes: verifyJournalistRoutes(deps),
    openApi: journalistVerifierOpenApi(deps.publicUrl),
  });
}

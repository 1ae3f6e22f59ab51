import type { Express } from 'express';
import { createServiceApp, type ServiceDeps } from '@byline/shared';
import { verifyJournalistRoutes } from './routes';

export const SERVICE_NAME = 'journalist-verifier';

export function createApp(deps: ServiceDeps): Express {
  return createServiceApp(deps, verifyJournalistRoutes(deps));
}

import { Router } from 'express';
import type { PortalContext } from '../deps';
import { sendPublicJson } from '../routes/issuer-routes';
import { credentialsOpenApi } from './credentials-openapi';

/**
 * GET /openapi.json: the description of the portal's public credential routes, at the path the verifiers serve
 * theirs, to any origin like the documents it describes. Built once: it depends only on the public address.
 */
export function openApiRoutes({ publicUrls }: PortalContext): Router {
  const document = credentialsOpenApi(publicUrls.portal);
  const router = Router({ caseSensitive: true, strict: true });
  router.get('/openapi.json', (_req, res) => sendPublicJson(res, 'application/json', document));
  return router;
}

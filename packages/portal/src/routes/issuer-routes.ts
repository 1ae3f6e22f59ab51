import { createHash } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { repositoriesOf } from '@byline/shared/store';
import { publishedKeysOf } from '@byline/domain/credentials/credential-issuer';
import type { PortalContext } from '../deps';

/** How long a relying party may keep the issuer's keys before asking again (seconds); a rotation adds, never removes. */
export const ISSUER_KEYS_MAX_AGE_SECONDS = 300;

const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** Public JSON that any relying party may read, from any origin, and cache briefly. */
function sendPublicJson(req: Request, res: Response, type: string, value: unknown): void {
  const body = JSON.stringify(value);
  res.set({
    'Content-Type': `${type}; charset=utf-8`,
    'Access-Control-Allow-Origin': '*',
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': `public, max-age=${ISSUER_KEYS_MAX_AGE_SECONDS}`,
    ETag: etagOf(body),
  });
  if (req.fresh) return void res.status(304).end();
  res.status(200).send(body);
}

function sendNoKeys(res: Response): void {
  res.status(404).type('application/problem+json').set('Access-Control-Allow-Origin', '*').json({
    type: 'about:blank',
    title: 'Not Found',
    status: 404,
    detail: 'This Byline signs no credentials: its operator has not set CREDENTIAL_SIGNING_KEY.',
  });
}

/**
 * Byline's issuer identity, did:web of the portal's public address: its did document (the keys credentials are
 * signed with, each a JsonWebKey verification method) and the same keys as a JWK set.
 */
export function issuerRoutes({ store, credentialIssuer, now }: PortalContext): Router {
  const keys = repositoriesOf(store).credentialKeys;
  const router = Router();
  router.get(['/.well-known/did.json', '/.well-known/jwks.json'], async (req, res) => {
    const published = await publishedKeysOf(keys, credentialIssuer, now());
    if (!published) return sendNoKeys(res);
    if (req.path.endsWith('did.json')) sendPublicJson(req, res, 'application/did+json', published.didDocument);
    else sendPublicJson(req, res, 'application/jwk-set+json', published.jwks);
  });
  return router;
}

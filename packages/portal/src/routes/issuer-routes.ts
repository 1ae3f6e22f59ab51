import { Router, type Request, type Response } from 'express';
import { repositoriesOf } from '@byline/shared/store';
import { publishedKeysOf } from '@byline/domain/credentials/credential-issuer';
import { entityTagOf } from '@byline/domain/domain/rendered-answers';
import type { PortalContext } from '../deps';
import { PUBLIC_HEADERS, publicProblems, sendPublicProblem } from './public-problems';

/**
 * How long a relying party may keep the issuer's keys before asking again (seconds). A credential whose key it does
 * not find (a key newer than its copy) is the sign to ask again.
 */
export const ISSUER_KEYS_MAX_AGE_SECONDS = 300;

/** Public JSON that any relying party may read, from any origin, and cache briefly. */
export function sendPublicJson(res: Response, type: string, value: unknown): void {
  const body = JSON.stringify(value);
  res.set({
    'Content-Type': `${type}; charset=utf-8`,
    ...PUBLIC_HEADERS,
    'Cache-Control': `public, max-age=${ISSUER_KEYS_MAX_AGE_SECONDS}`,
    ETag: entityTagOf(body),
  });
  res.status(200).send(body);
}

/**
 * Byline's issuer identity, did:web of the portal's public address: its did document (the keys credentials are
 * signed with, each a JsonWebKey verification method) where a did:web resolver asks for it, and the same keys as a
 * JWK set. Exact paths only: no other case, no trailing slash.
 */
export function issuerRoutes({ store, credentialIssuer, now, logger }: PortalContext): Router {
  const keys = repositoriesOf(store).credentialKeys;
  const router = Router({ caseSensitive: true, strict: true });
  const { identity } = credentialIssuer;
  const serve = (document: 'didDocument' | 'jwks', type: string) => async (_req: Request, res: Response) => {
    const published = await publishedKeysOf(keys, credentialIssuer, now());
    if (!published.published) return sendPublicProblem(res, 404, `This Byline signs no credentials: ${published.why}.`);
    sendPublicJson(res, type, published[document]);
  };
  // On each route, not the router: the router also sees the errors of the pages mounted before it.
  const failed = publicProblems(logger);
  router.get(
    identity.did === null ? '/.well-known/did.json' : identity.didPath,
    serve('didDocument', 'application/did+json'),
    failed,
  );
  router.get('/.well-known/jwks.json', serve('jwks', 'application/jwk-set+json'), failed);
  return router;
}

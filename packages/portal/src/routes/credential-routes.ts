import { Router, type Request, type Response } from 'express';
import { repositoriesOf } from '@byline/shared/store';
import { servedCredential, servedStatusList, type Served } from '@byline/domain/credentials/served-credentials';
import { VC_JWT_MEDIA_TYPE } from '@byline/domain/credentials/secure-credential';
import { VC_COSE_MEDIA_TYPE } from '@byline/domain/credentials/secure-credential-cose';
import { whyNoCredentials } from '@byline/domain/credentials/credential-issuer';
import type { PortalContext } from '../deps';
import { findPublicProfile } from '../use-cases/public-profiles';
import { PUBLIC_HEADERS, publicProblems, sendPublicProblem } from './public-problems';

/**
 * How long a relying party may keep a credential or a status list before asking again (seconds): short, so that a
 * revocation reaches those who check the list within minutes.
 */
export const CREDENTIAL_MAX_AGE_SECONDS = 300;
/** Sends one securing of what was issued, with the tag (304 when the asker has it). */
function send(res: Response, served: Served, securing: 'jwt' | 'cose'): void {
  res.status(200).set({
    ...PUBLIC_HEADERS,
    'Content-Type': securing === 'jwt' ? VC_JWT_MEDIA_TYPE : VC_COSE_MEDIA_TYPE,
    'Cache-Control': `public, max-age=${CREDENTIAL_MAX_AGE_SECONDS}`,
    ETag: `${served.etag.slice(0, -1)}-${securing}"`,
  });
  res.send(securing === 'jwt' ? served.jwt : Buffer.from(served.cose));
}

/** The securing a status list is asked for in: COSE when the Accept header prefers it, else the JWS. */
const securingAsked = (req: Request): 'jwt' | 'cose' =>
  req.accepts([VC_JWT_MEDIA_TYPE, VC_COSE_MEDIA_TYPE]) === VC_COSE_MEDIA_TYPE ? 'cose' : 'jwt';

/**
 * Verified journalists' signed credentials at their public address (`/j/SLUG/credential.jwt` and `.cose`), and the
 * status lists that revoke them (`/credentials/status/N`, the JWS unless COSE is asked for; `.jwt` and `.cose` name
 * one): issued by the worker when evidence changes, never at a request, so the same issue is served byte for byte.
 */
export function credentialRoutes({ store, credentialIssuer, logger }: PortalContext): Router {
  const repositories = repositoriesOf(store);
  const { credentials, statusLists } = repositories.journalistCredentials;
  const router = Router({ caseSensitive: true, strict: true });
  const unissued = whyNoCredentials(credentialIssuer);
  // On each route, not the router: the router also sees the errors of the pages mounted before it.
  const failed = publicProblems(logger);

  for (const securing of ['jwt', 'cose'] as const) {
    router.get(
      `/j/:slug/credential.${securing}`,
      async (req: Request<{ slug: string }>, res: Response) => {
        if (unissued) return sendPublicProblem(res, 404, `This Byline signs no credentials: ${unissued}.`);
        const found = await findPublicProfile(repositories.profiles, req.params.slug);
        const served = found ? await servedCredential(credentials, found.profile) : ({ state: 'none' } as const);
        if (served.state === 'none')
          return sendPublicProblem(res, 404, 'No verified journalist has a credential at this address.');
        if (served.state === 'pending')
          return sendPublicProblem(
            res,
            503,
            'This journalist’s credential is being issued from a change to their proofs; ask again shortly.',
          );
        send(res, served, securing);
      },
      failed,
    );
  }

  router.get(
    /^\/credentials\/status\/([1-9][0-9]{0,8})(\.jwt|\.cose)?$/,
    async (req: Request, res: Response) => {
      const params = req.params as unknown as { 0: string; 1?: string };
      const list = await servedStatusList(statusLists, Number(params[0]));
      if (!list) return sendPublicProblem(res, 404, 'No status list is published at this address.');
      const securing = params[1] === '.cose' ? 'cose' : params[1] === '.jwt' ? 'jwt' : securingAsked(req);
      if (params[1] === undefined) res.vary('Accept');
      send(res, list, securing);
    },
    failed,
  );
  return router;
}

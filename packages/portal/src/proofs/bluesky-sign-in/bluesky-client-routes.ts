import { Router, type Request, type Response } from 'express';
import type { PortalContext } from '../../deps';
import { sendPublicJson } from '../../routes/issuer-routes';
import { publicProblems, sendPublicProblem } from '../../routes/public-problems';
import { BLUESKY_CLIENT_METADATA_PATH } from './bluesky-oauth';

/**
 * The client metadata document of "Sign in with Bluesky" (atproto OAuth): an authorization server reads it at the
 * client id, which is its address, from anywhere and without a cookie. Only a public (https) portal has one: a
 * loopback portal's client id carries its metadata itself.
 */
export function blueskyClientRoutes({ blueskySignIn, logger }: PortalContext): Router {
  const router = Router({ caseSensitive: true, strict: true });
  router.get(
    BLUESKY_CLIENT_METADATA_PATH,
    (_req: Request, res: Response) => {
      const metadata = blueskySignIn.publishedMetadata();
      if (!metadata) return sendPublicProblem(res, 404, 'This portal signs in with Bluesky as a loopback client, if at all.');
      sendPublicJson(res, 'application/json', metadata);
    },
    publicProblems(logger),
  );
  return router;
}

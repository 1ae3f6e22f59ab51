import { Router } from 'express';
import { repositoriesOf } from '@byline/shared/store';
import type { PortalContext } from '../deps';

/** `/j/SLUG` or `/j/SLUG/…`: the slug as written in the path (still encoded) and what follows it. */
const PROFILE_PATH = /^\/j\/([a-z0-9-]+)(\/.*)?$/;

/**
 * GET /j/OLD and everything below it (the badge): a verified journalist's former address, left by an approved
 * change of name, answers 301 to the same path at the profile's address now, its query kept. Mounted before the
 * badge and the pages' middleware: a redirect sets no cookie. A former slug is never another profile's (see
 * profile-slugs.ts in @byline/shared), so this never hides a page. Only a path a slug can have is looked up.
 */
export function formerSlugRoutes({ store }: PortalContext): Router {
  const { profiles } = repositoriesOf(store);
  const router = Router();
  // A pattern without parameters: Express decodes parameters, and a path that does not decode (`/j/%ff/badge.svg`)
  // would answer 400 here instead of reaching the badge, which answers any such address with the neutral badge.
  router.get(/^\/j\//, async (req, res, next) => {
    const match = PROFILE_PATH.exec(req.path);
    if (!match) return next();
    let current: string | null;
    try {
      current = await profiles.slugReplacing(match[1]!);
    } catch {
      // The store does not answer: the page or badge asked for answers the outage itself, in its own way (the
      // badge with its no-store 503), as it did before redirects were looked up here.
      return next();
    }
    if (current === null) return next();
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    res.redirect(301, `/j/${current}${match[2] ?? ''}${query}`);
  });
  return router;
}

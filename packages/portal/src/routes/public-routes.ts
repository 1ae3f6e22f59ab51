import { Router } from 'express';
import type { PortalContext } from '../deps';
import { PageError } from '../http/page-error';
import { render } from '../http/render';
import { unverifiedProfilePage, verifiedProfilePage } from '../views/public-profile-page';

export const PUBLIC_ARTICLE_COUNT = 10;

export function publicRoutes({ portalStore }: PortalContext): Router {
  const router = Router();
  router.get('/j/:slug', async (req, res) => {
    const profile = await portalStore.findProfileBySlug(String(req.params.slug));
    if (!profile) throw new PageError(404, 'There is no journalist profile at this address.');
    const name = `${profile.profile_first_name} ${profile.profile_last_name}`.trim();
    if (!profile.verified) return render(res, name, unverifiedProfilePage(profile));
    render(res, name, verifiedProfilePage(profile, await portalStore.latestArticles(profile.id, PUBLIC_ARTICLE_COUNT)));
  });
  return router;
}

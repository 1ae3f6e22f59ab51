import { Router } from 'express';
import { backendOf, publicProfileUrl } from '@byline/editorial';
import type { PortalContext } from '../deps';
import { PageError } from '../http/page-error';
import { render } from '../http/render';
import { publicProofsOf } from '../proofs/public-proofs';
import { staffRows } from '../use-cases/staff';
import { unverifiedProfilePage, verifiedProfilePage } from '../views/public-profile-page';

export const PUBLIC_ARTICLE_COUNT = 10;

export function publicRoutes({ store, claims, publicUrls }: PortalContext): Router {
  const backend = backendOf(store);
  const router = Router();
  router.get('/j/:slug', async (req, res) => {
    const profile = await backend.profiles.findBySlug(String(req.params.slug));
    if (!profile) throw new PageError(404, 'There is no journalist profile at this address.');
    const name = `${profile.profile_first_name} ${profile.profile_last_name}`.trim();
    if (!profile.verified) return render(res, name, unverifiedProfilePage(profile));
    const [articles, claimList, affiliations] = await Promise.all([
      backend.articles.latest(profile.id, PUBLIC_ARTICLE_COUNT),
      claims.claimsOf(profile.id),
      backend.staff.ofProfile(profile.id).then((all) => staffRows(backend, all)),
    ]);
    const publicAddress = publicProfileUrl(publicUrls.portal, profile.profile_slug);
    render(res, name, verifiedProfilePage(profile, articles, publicProofsOf(profile, claimList), publicAddress, affiliations));
  });
  return router;
}

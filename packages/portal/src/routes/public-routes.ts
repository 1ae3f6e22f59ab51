import { standingRecordUri } from '@byline/domain/bluesky-verification/bluesky-verification-documents';
import { Router } from 'express';
import { repositoriesOf } from '@byline/shared/store';
import { publicProfileUrl } from '@byline/editorial/proofs/rel-me-check';
import type { PortalContext } from '../deps';
import { PageError } from '../http/page-error';
import { render } from '../http/render';
import { publicProofsOf } from '../proofs/public-proofs';
import { staffRows } from '../use-cases/staff';
import { findPublicProfile } from '../use-cases/public-profiles';
import { servedCredential } from '@byline/domain/credentials/served-credentials';
import { whyNoCredentials } from '@byline/domain/credentials/credential-issuer';
import { openGraphProfile } from '../views/open-graph';
import { UNVERIFIED_NOTICE, unverifiedProfilePage, verifiedDescription, verifiedProfilePage } from '../views/public-profile-page';

export const PUBLIC_ARTICLE_COUNT = 10;

export function publicRoutes({ store, claims, publicUrls, credentialIssuer }: PortalContext): Router {
  const repositories = repositoriesOf(store);
  const router = Router();
  router.get('/j/:slug', async (req, res) => {
    const found = await findPublicProfile(repositories.profiles, String(req.params.slug));
    if (!found) throw new PageError(404, 'There is no journalist profile at this address.');
    const { profile, name, verified } = found;
    const publicAddress = publicProfileUrl(publicUrls.portal, profile.profile_slug);
    // A shared link previews only what the page itself shows: an unverified profile's name and notice, no photo.
    if (!verified) {
      const preview = openGraphProfile({ title: name, description: UNVERIFIED_NOTICE, url: publicAddress });
      return render(res, name, unverifiedProfilePage(profile), 200, preview);
    }
    const [articles, claimList, affiliations, credential, bluesky] = await Promise.all([
      repositories.articles.latest(profile.id, PUBLIC_ARTICLE_COUNT),
      claims.claimsOf(profile.id),
      repositories.staff.ofProfile(profile.id).then((all) => staffRows(repositories, all)),
      servedCredential(repositories.journalistCredentials.credentials, profile),
      repositories.blueskyVerifications.first({ profileId: profile.id }),
    ]);
    const preview = openGraphProfile({
      title: name,
      description: verifiedDescription(profile),
      url: publicAddress,
      image: profile.profile_image,
    });
    // Linked only while one is served: an issuer is named and the worker has issued what the proofs say now.
    const hasCredential = whyNoCredentials(credentialIssuer) === null && credential.state === 'served';
    const proofs = publicProofsOf(profile, claimList);
    const page = verifiedProfilePage(
      profile,
      articles,
      proofs,
      publicAddress,
      affiliations,
      hasCredential,
      standingRecordUri(bluesky),
    );
    render(res, name, page, 200, preview);
  });
  return router;
}

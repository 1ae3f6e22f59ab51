import { repositoriesOf } from '@byline/shared/store';
import { publicProfileUrl } from '@byline/editorial/proofs/rel-me-check';
import { type PortalUser } from '@byline/domain/users/users-repository';
import { actorNamerFor, claimsNamed, historyNamed, textsOfClaims, textsOfHistory } from '../use-cases/actor-names';
import type { PortalContext } from '../deps';
import type { ProfilePageState } from '../views/profile-page';
import { standingRecordUri } from '@byline/domain/bluesky-verification/bluesky-verification-documents';

/**
 * What the profile page shows besides the form: the profile, its verification, its claims and how to prove them.
 * Its owner (`viewerEmail`) sees who decided and vouched by role, never an editor's address (see actorNamerFor).
 */
export async function loadProfilePage(
  { store, claims, networkSignIn, blueskySignIn, publicUrls }: PortalContext,
  { profileId, email: viewerEmail }: Pick<PortalUser, 'profileId' | 'email'>,
  csrf: string,
): Promise<Omit<ProfilePageState, 'form'>> {
  const signInNetworks = networkSignIn.configuredNetworks();
  const blueskySignInOffered = blueskySignIn.offered;
  if (profileId === null) return { csrf, profile: null, signInNetworks, blueskySignInOffered };
  const repositories = repositoriesOf(store);
  const [profile, pending, history, claimList, pendingIdentity, attributionDomains, bluesky] = await Promise.all([
    repositories.profiles.findById(profileId),
    repositories.verification.pendingOf(profileId),
    repositories.audit.historyOf(profileId),
    claims.claimsOf(profileId),
    repositories.identityReview.pendingIdentityOf(profileId),
    repositories.attributionDomains.domainsOf(profileId),
    repositories.blueskyVerifications.first({ profileId }),
  ]);
  const publicAddress = profile ? publicProfileUrl(publicUrls.portal, profile.profile_slug) : null;
  const name = await actorNamerFor(repositories, viewerEmail, [...textsOfHistory(history), ...textsOfClaims(claimList)]);
  return {
    csrf,
    profile,
    pending,
    history: historyNamed(history, name),
    claims: claimsNamed(claimList, name),
    signInNetworks,
    blueskySignInOffered,
    publicAddress,
    pendingIdentity,
    attributionDomains,
    blueskyVerification: standingRecordUri(bluesky),
  };
}

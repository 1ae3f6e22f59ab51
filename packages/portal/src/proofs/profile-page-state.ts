import { backendOf, publicProfileUrl } from '@byline/editorial';
import type { PortalContext } from '../deps';
import type { ProfilePageState } from '../views/profile-page';

/** What the profile page shows besides the form: the profile, its verification, its claims and how to prove them. */
export async function loadProfilePage(
  { store, claims, networkSignIn, publicUrls }: PortalContext,
  profileId: number | null,
  csrf: string,
): Promise<Omit<ProfilePageState, 'form'>> {
  const signInNetworks = networkSignIn.configuredNetworks();
  if (profileId === null) return { csrf, profile: null, signInNetworks };
  const backend = backendOf(store);
  const [profile, pending, history, claimList, pendingIdentity, attributionDomains] = await Promise.all([
    backend.profiles.findById(profileId),
    backend.verification.pendingOf(profileId),
    backend.audit.historyOf(profileId),
    claims.claimsOf(profileId),
    backend.profiles.pendingIdentityOf(profileId),
    backend.attributionDomains.domainsOf(profileId),
  ]);
  const publicAddress = profile ? publicProfileUrl(publicUrls.portal, profile.profile_slug) : null;
  return {
    csrf,
    profile,
    pending,
    history,
    claims: claimList,
    signInNetworks,
    publicAddress,
    pendingIdentity,
    attributionDomains,
  };
}

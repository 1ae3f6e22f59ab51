import { backendOf, publicProfileUrl } from '@byline/shared';
import type { PortalContext } from '../deps';
import type { ProfilePageState } from '../views/profile-page';

/** What the profile page shows besides the form: the profile, its verification, its claims and how to prove them. */
export async function loadProfilePage(
  { store, portalStore, claims, networkSignIn, publicUrls }: PortalContext,
  profileId: number | null,
  csrf: string,
): Promise<Omit<ProfilePageState, 'form'>> {
  const signInNetworks = networkSignIn.configuredNetworks();
  if (profileId === null) return { csrf, profile: null, signInNetworks };
  const [profile, pending, history, claimList] = await Promise.all([
    portalStore.findProfileById(profileId),
    portalStore.pendingRequest(profileId),
    backendOf(store).audit.historyOf(profileId),
    claims.claimsOf(profileId),
  ]);
  const publicAddress = profile ? publicProfileUrl(publicUrls.portal, profile.profile_slug) : null;
  return { csrf, profile, pending, history, claims: claimList, signInNetworks, publicAddress };
}

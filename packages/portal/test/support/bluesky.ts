import { recheckAt } from './rechecks';
import { profileForm, signedUp, submit, type Portal } from './portal-harness';
import { BLUESKY_RECHECK_POLICY, type BlueskyNetwork } from '@byline/test-support';

// The Bluesky test network and its helpers are @byline/test-support's (the worker's tests use them too).
export {
  BLUESKY_RECHECK_POLICY,
  proveBlueskyAccount,
  publishingOn,
  startBlueskyAppView,
  startBlueskyNetwork,
  appViewServicesAvailable,
  type BlueskyAppViewNetwork,
  type BlueskyNetwork,
  type BlueskyTestAccount as TestAccount,
  type VerifierLogin,
} from '@byline/test-support';

/**
 * A journalist who signed up and saved a profile claiming the Bluesky account `bluesky` (a handle, `@handle` or
 * DID), with their agent, their profile and a reader of its Bluesky claims.
 */
export async function journalistClaimingBluesky(portal: Portal, bluesky: string) {
  const { agent, email } = await signedUp(portal.app);
  const form = profileForm({ bluesky });
  const saved = await submit(agent, '/profile', '/profile', form);
  if (saved.status !== 303) throw new Error(`the profile form was not saved (${saved.status})`);
  const profileId = (await portal.repositories.users.findByEmail(email))!.profileId!;
  const slug = (await portal.repositories.profiles.findById(profileId))!.profile_slug;
  const claims = async () => (await portal.claims.claimsOf(profileId)).filter((claim) => claim.kind === 'bluesky');
  return { agent, email, form, profileId, slug, claims };
}

/** The worker's re-check of every live proof at `now`, Bluesky accounts read from the test network. */
export const recheckBlueskyAt = (portal: Portal, network: BlueskyNetwork, portalUrl: string, now: Date) =>
  recheckAt(portal, { now, portalUrl, policy: BLUESKY_RECHECK_POLICY, bluesky: network.sources, all: true });

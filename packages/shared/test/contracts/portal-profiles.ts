import type { PortalStore } from '@byline/shared';
import { profileFields } from '@byline/test-support';

let counter = 0;

/** A portal journalist's profile claiming this X handle, verified by an editor when asked. */
export async function portalProfile(portal: PortalStore, twitter: string, { verified = false } = {}) {
  const user = await portal.createUser({ email: `j${++counter}@example.org`, passwordHash: 'x', role: 'journalist' });
  const profile = await portal.saveProfile(user.id, profileFields(twitter), `journalist-${counter}`);
  if (verified) await portal.decideVerification({ profileId: profile.id, actor: 'ed@example.org', action: 'verified', note: '' });
  return Object.assign(profile, { userId: user.id });
}

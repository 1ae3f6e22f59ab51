import { type Store } from '@byline/domain/store/store';
import { repositoriesOf } from '@byline/shared/store';
import { type ProfileFields } from '@byline/domain/profiles/profile-fields';
import { profileFields } from '@byline/test-support';

let counter = 0;

/** A journalist's profile form claiming this X handle. */
export const claimingTwitter = (twitter: string): ProfileFields =>
  profileFields({ profile_social_profiles: { twitter, facebook: '', linkedin: '', instagram: '' } });

/** A portal journalist's profile claiming this X handle, verified by an editor when asked. */
export async function portalProfile(store: Store, twitter: string, { verified = false } = {}) {
  const { users, profiles, verification } = repositoriesOf(store);
  const user = await users.create({ email: `j${++counter}@example.org`, passwordHash: 'x', role: 'journalist' }, new Date());
  const profile = await profiles.save(user.id, claimingTwitter(twitter), `journalist-${counter}`);
  if (verified) await verification.decide({ profileId: profile.id, actor: 'ed@example.org', action: 'verified', note: '' });
  return Object.assign(profile, { userId: user.id });
}

import type { Backend } from '@byline/shared/storage';
import { profileFields } from '@byline/test-support';

export { startReceiver, type Receiver } from '@byline/test-support';

let profiles = 0;

/** A journalist's profile, unverified: an editor's decision verifies it. */
export async function newProfile(backend: Backend): Promise<{ id: number; slug: string }> {
  const n = ++profiles;
  const user = await backend.users.create(
    { email: `hook${n}-${Date.now()}@example.org`, passwordHash: 'x', role: 'journalist' },
    new Date(),
  );
  const profile = await backend.profiles.save(user.id, profileFields({ profile_last_name: `Hook${n}` }), `hook-${n}`);
  return { id: profile.id, slug: profile.profile_slug };
}

/** An editor's decision on the profile (what the portal's editors do). */
export const decide = (backend: Backend, profileId: number, action: 'verified' | 'unverified') =>
  backend.verification.decide({ profileId, actor: 'ed@example.org', action, note: '' });

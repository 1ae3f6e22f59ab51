import type { StoreRepositories } from '@byline/shared/store';
import { savedJournalist } from '@byline/test-support';

export { startReceiver, type Receiver } from '@byline/test-support';

let profiles = 0;

/** A journalist's profile, unverified: an editor's decision verifies it. */
export async function newProfile(repositories: StoreRepositories): Promise<{ id: number; slug: string }> {
  const n = ++profiles;
  const profile = await savedJournalist(repositories, `hook${n}-${Date.now()}`, { profile_last_name: `Hook${n}` });
  return { id: profile.id, slug: profile.profile_slug };
}

/** An editor's decision on the profile (what the portal's editors do). */
export const decide = (repositories: StoreRepositories, profileId: number, action: 'verified' | 'unverified') =>
  repositories.verification.decide({ profileId, actor: 'ed@example.org', action, note: '' });

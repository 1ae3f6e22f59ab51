import type { Profile } from '@byline/domain/domain/types';
import type { Profiles } from '@byline/domain/profiles/profiles-repository';

/** A profile as the public sees it, by its address. */
export interface PublicProfile {
  profile: Profile;
  /** First and last name, as the page and the badge show it. */
  name: string;
  /**
   * Whether Byline vouches for this journalist in public. The profile page and the embeddable badge both read it
   * here, so a badge can never say "verified" of a profile whose page does not.
   */
  verified: boolean;
}

export const fullName = (profile: Profile): string => `${profile.profile_first_name} ${profile.profile_last_name}`.trim();

/** The profile at /j/SLUG, or null when there is none (never was, or erased). */
export async function findPublicProfile(profiles: Profiles, slug: string): Promise<PublicProfile | null> {
  const profile = await profiles.findBySlug(slug);
  if (!profile) return null;
  return { profile, name: fullName(profile), verified: profile.verified };
}

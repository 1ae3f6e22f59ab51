import type { ProfileInput } from '../domain/types';

/** The profile fields a journalist edits; the slug, verified flag and counts are the portal's to set. */
export type ProfileFields = Omit<
  ProfileInput,
  'articles' | 'verified' | 'profile_slug' | 'profile_created_at' | 'follower_count'
>;

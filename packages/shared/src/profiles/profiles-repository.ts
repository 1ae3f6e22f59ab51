import type { Profile, ProfileInput, SocialType } from '../domain/types';

/** The profile fields a journalist edits; the slug, verified flag and counts are the portal's to set. */
export type ProfileFields = Omit<
  ProfileInput,
  'articles' | 'verified' | 'profile_slug' | 'profile_created_at' | 'follower_count'
>;

/**
 * Journalists' profiles, the records the verifiers answer from: every change re-renders the profile's answers with
 * it (see renderAnswers). The verifiers' own lookups stay on the Store, their hot path.
 */
export interface Profiles {
  findById(profileId: number): Promise<Profile | null>;
  findBySlug(slug: string): Promise<Profile | null>;
  /**
   * Creates the user's profile (slug from `slugBase`, made unique) or updates it. Rejects with
   * HandleTakenError naming every network whose handle another profile holds; nothing is saved then.
   */
  save(userId: number, fields: ProfileFields, slugBase: string): Promise<Profile>;
  /** Sets the verified flag (the operator's, from the CLI); false when no profile has that slug. */
  setVerified(slug: string, verified: boolean): Promise<boolean>;
  count(): Promise<number>;
}

export class HandleTakenError extends Error {
  constructor(readonly types: SocialType[]) {
    super(`handle(s) held by another profile: ${types.join(', ')}`);
    this.name = 'HandleTakenError';
  }
}

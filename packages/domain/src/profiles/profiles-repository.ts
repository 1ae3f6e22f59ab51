import type { Profile, SocialType } from '../domain/types';
import type { ProfileFields } from './profile-fields';

export interface ImportProgress {
  done: number;
  total: number;
}

/** A record of an import that cannot be stored, with its position in the input (0-based). */
export interface ImportProblem {
  index: number;
  reason: string;
}

/** A stored profile's id and verified flag (see Profiles.verifiedFlagsOf). */
export interface StoredVerifiedFlag {
  profileId: number;
  verified: boolean;
}

export interface ImportSummary {
  profiles: number;
  articles: number;
}

/**
 * Journalists' profiles, the records the verifiers answer from: every change re-renders the profile's answers with
 * it (see renderAnswers). The verifiers' own lookups stay on the Store, their hot path. A verified profile's identity
 * changes wait in IdentityReview; imports and exports are ProfileTransfers; an owner leaving, ProfileErasure.
 */
export interface Profiles {
  findById(profileId: number): Promise<Profile | null>;
  findBySlug(slug: string): Promise<Profile | null>;
  /**
   * The id and verified flag of each of these slugs that names a profile, by slug, in one read: what an import
   * compares a batch of its records with.
   */
  verifiedFlagsOf(slugs: readonly string[]): Promise<Map<string, StoredVerifiedFlag>>;
  /**
   * The profile's slug now when `slug` is one of its former ones (which redirect there), else null — null too when a
   * profile holds `slug` now (an operator's import may give it): a page is never hidden behind a redirect.
   */
  slugReplacing(slug: string): Promise<string | null>;
  /** The profile's former slugs (each redirects to its slug now), oldest first. */
  formerSlugsOf(profileId: number): Promise<string[]>;
  /**
   * Creates the user's profile (slug from `slugBase`, made unique) or updates it; an unverified profile's slug
   * follows `slugBase` (see profile-slugs.ts). Rejects with
   * HandleTakenError naming every network whose handle another profile holds; nothing is saved then.
   * On a verified profile the reviewed identity fields (REVIEWED_IDENTITY_FIELDS) keep their approved values:
   * those given differently become its pending identity change (replacing any earlier one, recorded in the
   * history as requested by the user's email), and none given differently withdraws it.
   */
  save(userId: number, fields: ProfileFields, slugBase: string): Promise<Profile>;
  count(): Promise<number>;
}

export class HandleTakenError extends Error {
  constructor(readonly types: SocialType[]) {
    super(`handle(s) held by another profile: ${types.join(', ')}`);
    this.name = 'HandleTakenError';
  }
}

export class ImportConflictError extends Error {
  constructor(readonly problems: ImportProblem[]) {
    super(`${problems.length} record(s) conflict with stored data`);
    this.name = 'ImportConflictError';
  }
}

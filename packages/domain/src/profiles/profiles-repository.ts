import type { Profile, ProfileInput, SocialType } from '../domain/types';
import type { IdentityDecision, IdentityDecisionOutcome, PendingIdentityChange } from './identity-review';
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
 * it (see renderAnswers). The verifiers' own lookups stay on the Store, their hot path.
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
  /** The profile's identity change waiting for an editor, or null. */
  pendingIdentityOf(profileId: number): Promise<PendingIdentityChange | null>;
  /** Every pending identity change, oldest request first. */
  pendingIdentityChanges(): Promise<{ profileId: number; change: PendingIdentityChange }[]>;
  /**
   * Ends the profile's pending identity change with its audit record: approved, its values become the profile's
   * and its answers are re-rendered; declined or cancelled, the profile keeps its values.
   */
  decideIdentityChange(decision: IdentityDecision): Promise<IdentityDecisionOutcome>;
  /** Sets the verified flag (the operator's, from the CLI); false when no profile has that slug. */
  setVerified(slug: string, verified: boolean): Promise<boolean>;
  count(): Promise<number>;
  /**
   * Upserts profiles by slug and articles by canonical address, all or nothing. Records must already be
   * valid; conflicts with stored data (a handle held by another profile) reject with ImportConflictError.
   */
  import(records: ProfileInput[], onProgress?: (progress: ImportProgress) => void): Promise<ImportSummary>;
  /**
   * import for records that arrive in batches (a file being read and checked), all or nothing as
   * well: when `batches` throws, nothing is stored and the error passes through. The embedded store
   * writes each batch as it comes, in one transaction, so a file is never held whole; MongoDB, which has
   * no transactions to undo with, collects every batch first and reports `onProgress` as it then writes.
   */
  importBatches(batches: AsyncIterable<ProfileInput[]>, onProgress?: (progress: ImportProgress) => void): Promise<ImportSummary>;
  /** Every profile in the import format, ordered by id, articles ordered by id. */
  export(): AsyncIterable<ProfileInput>;
  /**
   * Its owner is leaving: from this write on, neither verifier answers from the profile (it is unverified and its
   * handles are out of the lookup index). false when there is no such profile.
   */
  withdrawFromLookups(profileId: number): Promise<boolean>;
  /**
   * Removes the profile with everything that hangs on it: claims and evidence (and their re-checks), articles,
   * verification requests and history, handles; its owner's user stays, without a profile. withdrawFromLookups
   * comes first within it. false when there is no such profile.
   */
  erase(profileId: number): Promise<boolean>;
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

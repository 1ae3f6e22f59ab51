import type { ArticleProof } from '../articles/article-proof';
import type { ImportedHandlesUnit } from './imported-handles';
import type { Step } from '../store/steps';
import type { ArticleInput, ProfileInput, SocialType } from '../domain/types';

/** A record's profile as the import stores it: everything but its articles (the flag included). */
export type ImportedProfile = Omit<ProfileInput, 'articles'>;

/**
 * What the import's rules (import-changes.ts) ask of a database: primitive reads and writes of profiles, their
 * handles in the lookup index and their articles, each a value inside the import's transaction (see
 * database/steps.ts). No method decides anything: which record wins a handle, where an article goes, what is
 * released and proven, and what is re-rendered are the rules'.
 */
export interface ImportUnit extends ImportedHandlesUnit {
  /** The id of the profile stored under this slug, or null. */
  profileIdOf(slug: string): Step<number | null>;
  /** Stores a new profile; returns its id. */
  insertProfile(profile: ImportedProfile): Step<number>;
  /** Replaces a stored profile's fields and verified flag. */
  updateProfile(profileId: number, profile: ImportedProfile): Step<void>;
  /** Takes every handle of the profile out of the lookup index. */
  dropHandlesOf(profileId: number): Step<void>;
  /** The profile the lookup index gives for this handle, or null. */
  handleHolder(type: SocialType, key: string): Step<number | null>;
  /** Puts the handle in the lookup index for the profile (the rules have checked it is free). */
  insertHandle(type: SocialType, key: string, profileId: number): Step<void>;
  /**
   * Adds a proven article to the profile, placed nowhere on its page (UNPLACED_CREDIT); false, nothing written, when
   * the profile lists the address already (the unique index of profile and address refuses it).
   */
  insertProvenArticle(profileId: number, canonicalUrl: string, article: ArticleInput, proof: ArticleProof): Step<boolean>;
  /** Writes these fields and this proof (proven, placed nowhere) on the profile's article at the address. */
  proveListedArticle(profileId: number, canonicalUrl: string, article: ArticleInput, proof: ArticleProof): Step<void>;
  /** Whether any live claim (of any profile) is unproven. */
  anyUnprovenClaim(): Step<boolean>;
}

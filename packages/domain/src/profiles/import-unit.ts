import type { ArticleProof, ArticleState } from '../articles/article-proof';
import type { HistoryEntry } from '../claims/claims-repository';
import type { ImportedHandlesUnit } from './imported-handles';
import type { Step } from '../store/steps';
import type { ArticleInput, ProfileInput, SocialType } from '../domain/types';

/** A record's profile as the import stores it: everything but its articles (the flag included). */
export type ImportedProfile = Omit<ProfileInput, 'articles'>;

/** An article on a profile that has not proven it, and its state. */
export interface UnprovenArticle {
  id: number;
  profileId: number;
  canonicalUrl: string;
  state: ArticleState;
}

/** What releasing unproven articles (releaseUnprovenArticlesSteps) writes: primitive single-document writes. */
export interface ArticleReleaseUnit {
  /** Removes the profile's unproven article of this address, if any. */
  dropUnprovenArticle(profileId: number, canonicalUrl: string): Step<void>;
  /** Marks an unproven article released, with the reason its owner reads. */
  markArticleReleased(articleId: number, reason: string): Step<void>;
  appendHistory(entry: HistoryEntry, now: string): Step<void>;
}

/**
 * What the import's rules (import-changes.ts) ask of a database: primitive reads and writes of profiles, their
 * handles in the lookup index and their articles, each a value inside the import's transaction (see
 * database/steps.ts). No method decides anything: which record wins a handle, where an article goes, what is
 * released and proven, and what is re-rendered are the rules'.
 */
export interface ImportUnit extends ArticleReleaseUnit, ImportedHandlesUnit {
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
   * Adds a proven article to the profile; false, nothing written, when a unique index refuses it (the address is
   * proven on a profile, or this profile lists it already).
   */
  insertProvenArticle(profileId: number, canonicalUrl: string, article: ArticleInput, proof: ArticleProof): Step<boolean>;
  /** The profile this address is proven on, or null. */
  provenArticleOwner(canonicalUrl: string): Step<number | null>;
  /** Moves the proven article of this address to the profile, with these fields and proof. */
  moveProvenArticle(profileId: number, canonicalUrl: string, article: ArticleInput, proof: ArticleProof): Step<void>;
  /** The unproven articles whose address is proven on some profile. */
  unprovenArticlesOfProvenAddresses(): Step<UnprovenArticle[]>;
  /** Whether any live claim (of any profile) is unproven. */
  anyUnprovenClaim(): Step<boolean>;
}

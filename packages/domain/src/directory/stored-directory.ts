import type { ArticleState } from '../articles/article-proof';
import type { AuditAction } from '../audit/audit-repository';
import type { ClaimKind } from '../proofs/claims';
import type { VerificationStatus } from '../verification/verification-repository';
import type { DirectoryCard } from './directory-repository';

/** A profile as the directory shows it (the port's card, as each database reads it). */
export type { DirectoryCard };

/** What a profile's state is worked out from (see stateOf): its flag, and whether the store holds these records. */
export interface StateFacts {
  verified: boolean;
  /** An open verification request. */
  pending: boolean;
  /** A history record showing it was verified once. */
  onceVerified: boolean;
  /** A history record showing its owner (or the queue) asked. */
  asked: boolean;
}

/** Which of the store's records each fact is: given by the rules (see STATE_RECORDS), so the reads decide nothing. */
export interface StateRecords {
  /** `pending`: a verification request with this status. */
  openRequestStatus: VerificationStatus;
  /** `onceVerified`: a history record with one of these actions. */
  onceVerifiedActions: readonly AuditAction[];
  /** `asked`: a history record with one of these actions. */
  askedActions: readonly AuditAction[];
  /** The row's lastDecisionAt: the latest history record with one of these actions. */
  decisionActions: readonly AuditAction[];
}

export interface StoredDirectoryQuery {
  /** Trimmed, never empty (null: every profile); matched as DirectoryQuery.text says, in any case. */
  text: string | null;
  /** The facts every profile listed has as given; a fact left out may be either. */
  facts: Partial<StateFacts>;
  records: StateRecords;
  limit: number;
  offset: number;
}

export interface StoredDirectoryRow extends DirectoryCard {
  facts: StateFacts;
  lastDecisionAt: string | null;
}

/** A live claim another profile holds with the same kind and key as one of the profile's own. */
export interface SharedClaim {
  profileId: number;
  kind: ClaimKind;
  /** As the other profile shows it. */
  value: string;
}

/** An article another profile lists at an address the profile lists too. */
export interface SharedArticle {
  profileId: number;
  canonicalUrl: string;
  /** The profile's own article at the address is proven. */
  provenHere: boolean;
  /** The other profile's is. */
  provenThere: boolean;
}

/**
 * The directory's reads: set-based queries across profiles, their claims, articles, requests and history, which
 * each database makes by hand (DatabaseDirectory), and the cards, shared claims and articles, read over the generic
 * documents (see shared-records.ts). Every rule is the caller's (directoryOver): what the states are, which records
 * count, who is a look-alike.
 */
export interface StoredDirectory {
  /** One page of the profiles matched, ordered by id, with how many match over every page. */
  page(query: StoredDirectoryQuery): Promise<{ rows: StoredDirectoryRow[]; total: number }>;
  /** The cards of these profiles (those that exist), in any order. */
  cards(profileIds: readonly number[]): Promise<DirectoryCard[]>;
  /**
   * The other profiles whose first name, last name and employer, folded by foldName, are these (given folded); by
   * id, at most `limit`.
   */
  sameNames(
    profileId: number,
    folded: { firstName: string; lastName: string; employer: string },
    limit: number,
  ): Promise<DirectoryCard[]>;
  /** Other profiles' live claims of the same kind and key as one of the profile's live claims; by profile, then claim id. */
  sharedClaims(profileId: number): Promise<SharedClaim[]>;
  /** Other profiles' articles at an address the profile lists, neither's proof in state `except`; by profile, then article id. */
  sharedArticles(profileId: number, except: ArticleState): Promise<SharedArticle[]>;
}

/** A page's row as each database reads it: the profile's facts (its card is read over the documents). */
export interface StoredDirectoryFacts {
  profileId: number;
  facts: StateFacts;
  lastDecisionAt: string | null;
}

/** What each database reads for the directory by hand: which profiles, as StoredDirectory's page and sameNames say. */
export interface DatabaseDirectory {
  page(query: StoredDirectoryQuery): Promise<{ rows: StoredDirectoryFacts[]; total: number }>;
  /** The ids of StoredDirectory's sameNames. */
  sameNames(
    profileId: number,
    folded: { firstName: string; lastName: string; employer: string },
    limit: number,
  ): Promise<number[]>;
}

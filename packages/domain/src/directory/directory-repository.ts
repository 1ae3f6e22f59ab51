import type { ClaimKind } from '../proofs/claims';

/**
 * Where a profile stands with the editors, worked out from its verified flag, its requests and its history:
 * - `verified`: the verified flag is on (a request may be open too, when a proof lapsed and another still holds);
 * - `pending`: not verified, with an open verification request (asked by its owner, or sent back to the queue);
 * - `lapsed`: not verified, no open request, and its history shows it was verified once (a `verified`,
 *   `unverified` or `no-live-proof` record): withdrawn, or sent back and then refused;
 * - `refused`: not verified, no open request, asked before (a request or a rejection on record) but never verified;
 * - `never-asked`: none of these: never verified and never asked.
 */
export const DIRECTORY_STATES = ['verified', 'pending', 'lapsed', 'refused', 'never-asked'] as const;
export type DirectoryState = (typeof DIRECTORY_STATES)[number];

/** The history's actions that show a profile was verified at some time (see `lapsed`). */
export const ONCE_VERIFIED_ACTIONS = ['verified', 'unverified', 'no-live-proof'] as const;
/** The history's actions that show a profile's owner (or the queue) asked (see `refused`). */
export const ASKED_ACTIONS = ['requested', 'rejected'] as const;
/** Editors' decisions: the directory shows when the latest was. */
export const DECISION_ACTIONS = ['verified', 'rejected', 'unverified'] as const;

/** A page of the directory is never longer than this: every query stays bounded. */
export const MAX_DIRECTORY_PAGE = 100;

export interface DirectoryQuery {
  /**
   * Matched case-insensitively as a substring of the first name, the last name, "first last", the slug, the
   * employer, any live claimed handle or site (its value or its key), or any article's canonical address.
   */
  text?: string;
  state?: DirectoryState;
  /** 1 to MAX_DIRECTORY_PAGE. */
  limit: number;
  offset: number;
}

/** A profile as the directory shows it, read from its record. */
export interface DirectoryCard {
  profileId: number;
  slug: string;
  firstName: string;
  lastName: string;
  employer: string;
  verified: boolean;
}

export interface DirectoryRow extends DirectoryCard {
  state: DirectoryState;
  /** When an editor (or the operator) last verified, rejected or withdrew it; absent when never. */
  lastDecisionAt?: string;
}

export interface DirectoryPage {
  /** Ordered by profile id (the order profiles were created). */
  rows: DirectoryRow[];
  /** How many profiles match, over every page. */
  total: number;
}

/** Why another profile looks like the same person. */
export type LookalikeReason = 'name-and-employer' | 'same-claim' | 'same-article';

export interface Lookalike extends DirectoryCard {
  reasons: LookalikeReason[];
  /** The live claims both profiles hold (same kind and key), as the other profile shows them. */
  sharedClaims: { kind: ClaimKind; value: string }[];
  /** The canonical addresses of articles both profiles list (neither claim released). */
  sharedArticles: string[];
}

/**
 * What editors look up across profiles: the directory, and the profiles that look like the same person as one in
 * the queue.
 */
export interface Directory {
  search(query: DirectoryQuery): Promise<DirectoryPage>;
  /**
   * The other profiles with the same first name, last name and employer (compared case-insensitively, ignoring
   * surrounding and repeated whitespace), a live claim of the same handle or site, or an article at the same address
   * (until both have it proven: co-authors); ordered by id, at most 20.
   */
  lookalikesOf(profileId: number): Promise<Lookalike[]>;
}

/** Compares names as the duplicate check does: lower case, whitespace trimmed and collapsed. */
export const foldName = (value: string): string => value.trim().replace(/\s+/g, ' ').toLowerCase();

/** At most this many look-alikes are listed for a profile. */
export const MAX_LOOKALIKES = 20;

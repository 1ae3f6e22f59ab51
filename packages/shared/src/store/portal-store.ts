import type { AuditAction, DecisionAction } from '../audit/audit-repository';
import type { Article, ArticleInput, Profile, ProfileInput, SocialType } from '../domain/types';

/** The profile fields a journalist edits; the slug, verified flag and counts are the portal's to set. */
export type ProfileFields = Omit<
  ProfileInput,
  'articles' | 'verified' | 'profile_slug' | 'profile_created_at' | 'follower_count'
>;

export type VerificationStatus = 'pending' | 'approved' | 'rejected';

export interface VerificationRequest {
  id: number;
  profileId: number;
  requestedBy: string;
  requestedAt: string;
  status: VerificationStatus;
}

export interface VerificationDecision {
  profileId: number;
  actor: string;
  action: DecisionAction;
  note: string;
}

/**
 * What the portal asks of storage, beside the Store the verifiers use. Profiles, articles and handles
 * live in the same records the verifiers read, so an edit or an editor's decision drives both API
 * operations at once. Implementations: embedded SQLite (same file as the Store).
 */
export interface PortalStore {
  close(): Promise<void>;

  findProfileById(profileId: number): Promise<Profile | null>;
  findProfileBySlug(slug: string): Promise<Profile | null>;
  /**
   * Creates the user's profile (slug from `slugBase`, made unique) or updates it. Rejects with
   * HandleTakenError naming every network whose handle another profile holds; nothing is saved then.
   */
  saveProfile(userId: number, fields: ProfileFields, slugBase: string): Promise<Profile>;

  /** All the profile's articles, active or not, newest first. */
  listArticles(profileId: number): Promise<Article[]>;
  /** Active articles only, newest first. */
  latestArticles(profileId: number, limit: number): Promise<Article[]>;
  findArticle(profileId: number, articleId: number): Promise<Article | null>;
  /** Rejects with ArticleTakenError when an article at the same canonical address exists. */
  addArticle(profileId: number, article: ArticleInput): Promise<Article>;
  /** false when the profile has no such article; ArticleTakenError when the new address is another article's. */
  updateArticle(profileId: number, articleId: number, article: ArticleInput): Promise<boolean>;

  /** Opens a request unless one is pending; records it in the audit history. */
  requestVerification(profileId: number, requestedBy: string): Promise<VerificationRequest>;
  pendingRequest(profileId: number): Promise<VerificationRequest | null>;
  pendingRequests(): Promise<VerificationRequest[]>;
  /** Sets the verified flag, closes a pending request and appends the audit record, all at once. false when no such profile. */
  decideVerification(decision: VerificationDecision): Promise<boolean>;
  /**
   * Puts the profile back in the editors' queue, unverified: the verified flag comes off, a pending request opens
   * (requested by `actor`) unless one is open, and the audit record is appended. false when no such profile.
   */
  returnToQueue(record: { profileId: number; actor: string; action: AuditAction; note: string }): Promise<boolean>;
}

export class HandleTakenError extends Error {
  constructor(readonly types: SocialType[]) {
    super(`handle(s) held by another profile: ${types.join(', ')}`);
    this.name = 'HandleTakenError';
  }
}

export class ArticleTakenError extends Error {
  constructor(readonly byThisProfile: boolean) {
    super(byThisProfile ? 'this article is already in the portfolio' : 'this article is listed on another profile');
    this.name = 'ArticleTakenError';
  }
}

import type { Article, ArticleInput, Profile, ProfileInput, SocialType } from '../domain/types';

export type PortalRole = 'journalist' | 'editor';

/** A person signed up to the portal. Linked to an API account (the `accounts` table) by email. */
export interface PortalUser {
  id: number;
  email: string;
  role: PortalRole;
  profileId: number | null;
  createdAt: string;
  /** Signed in with a one-time password and not yet chosen their own: every page leads to the change form. */
  mustChangePassword: boolean;
}

export interface PortalUserWithPassword extends PortalUser {
  /** scrypt parameters, salt and derived key; never the password. */
  passwordHash: string;
}

export interface NewPortalSession {
  /** A hash of the cookie value; the cookie value itself is never stored. */
  tokenHash: string;
  userId: number;
  csrfToken: string;
  expiresAt: string;
}

/** A one-time password that was used, has expired, or was never there (or another sign-in used it first). */
export type TemporaryPasswordUse = 'used' | 'expired' | 'none';

export interface NewPasswordReset {
  /** A hash of the link's random token; the token itself is never stored. */
  tokenHash: string;
  userId: number;
  expiresAt: string;
}

export interface PortalSession {
  user: PortalUser;
  csrfToken: string;
  expiresAt: string;
}

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

/** An editor's (or operator's) decision on the verified flag. */
export type DecisionAction = 'verified' | 'rejected' | 'unverified';

/**
 * Everything the verification history records: requests and decisions, and the proofs' events that an editor
 * and the profile's owner must see: a proof attested by an editor, a proven handle moved between profiles, a
 * proven handle displaced by one moved onto its profile, a claim released because another profile proved it, a
 * proof that lapsed, and a verified profile sent back to the queue because it was left without a live proof.
 */
export type AuditAction =
  | 'requested'
  | DecisionAction
  | 'proof-attested'
  | 'handle-moved'
  | 'handle-displaced'
  | 'claim-released'
  | 'proof-lapsed'
  | 'no-live-proof';

/** Who did what to a profile's verification, when, and why. */
export interface AuditRecord {
  id: number;
  profileId: number;
  actor: string;
  action: AuditAction;
  note: string;
  at: string;
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

  /**
   * Rejects with EmailTakenError when a user has this email. With `temporaryPasswordExpiresAt`, the password is a
   * one-time password (see useTemporaryPassword) and the user must choose their own after using it.
   */
  createUser(user: {
    email: string;
    passwordHash: string;
    role: PortalRole;
    temporaryPasswordExpiresAt?: string;
  }): Promise<PortalUser>;
  findUserByEmail(email: string): Promise<PortalUserWithPassword | null>;
  setUserRole(email: string, role: PortalRole): Promise<boolean>;
  /** The user's own new password: any one-time password is gone and nothing asks for a change any more. */
  setUserPassword(userId: number, passwordHash: string): Promise<void>;
  /** Replaces the password with a one-time password valid until `expiresAt`, to be changed once used. */
  setTemporaryPassword(userId: number, passwordHash: string, expiresAt: string): Promise<void>;
  /**
   * Uses up the one-time password at `now` in one conditional write: its hash becomes `replacementHash` (a hash
   * of nothing anyone knows), so it never signs in again. Of concurrent callers exactly one gets 'used'.
   */
  useTemporaryPassword(userId: number, now: Date, replacementHash: string): Promise<TemporaryPasswordUse>;

  createSession(session: NewPortalSession): Promise<void>;
  /** The live session for this token hash, or null when unknown or expired at `now`. */
  findSession(tokenHash: string, now: Date): Promise<PortalSession | null>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Ends every session of the user but the one with `exceptTokenHash` (when given). */
  deleteSessionsOfUser(userId: number, exceptTokenHash?: string): Promise<void>;
  /** Keeps one sealed value on the session until it is taken, replacing any earlier one. */
  putSessionFlash(tokenHash: string, sealed: string): Promise<void>;
  /** The session's sealed value, removed in the same write: of concurrent takers only one gets it. */
  takeSessionFlash(tokenHash: string): Promise<string | null>;

  createPasswordReset(reset: NewPasswordReset): Promise<void>;
  /** Whether the link is unused and unexpired at `now` (to show its form; using it is consumePasswordReset). */
  passwordResetUsable(tokenHash: string, now: Date): Promise<boolean>;
  /** Marks the link used if it is unused and unexpired at `now`, in one conditional write: its user's id, or null. */
  consumePasswordReset(tokenHash: string, now: Date): Promise<number | null>;
  /** Forgets every reset link of the user (after a password change, the others must not work). */
  deletePasswordResets(userId: number): Promise<void>;

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
  /** Appends a record that is not a decision on the verified flag (an editor's attestation of a proof). */
  recordAudit(record: { profileId: number; actor: string; action: AuditAction; note: string }): Promise<void>;
  auditHistory(profileId: number): Promise<AuditRecord[]>;
}

export class EmailTakenError extends Error {
  constructor() {
    super('a user with this email exists');
    this.name = 'EmailTakenError';
  }
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

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
  /**
   * When the person proved they receive mail at `email` (a confirmation or reset link used, or the operator made
   * the user); null until then, and what the address reaches (an API account, invitations to it) waits for it.
   */
  emailVerifiedAt: string | null;
  /**
   * Made by sign-up on a portal with mail, which answers alike for a new and a taken address: until the address is
   * proven, the password alone does not sign in (or signing in would tell the sign-up whether the address was new).
   */
  signInAwaitsProof: boolean;
}

export interface PortalUserWithPassword extends PortalUser {
  /** scrypt parameters, salt and derived key; never the password. */
  passwordHash: string;
}

export interface NewPortalUser {
  email: string;
  passwordHash: string;
  role: PortalRole;
  /** Given: the password is a one-time password valid until then (see useTemporaryPassword). */
  temporaryPasswordExpiresAt?: string;
  /** Given: the address counts as proven from then (a user the operator makes). */
  emailVerifiedAt?: string;
  /** See PortalUser.signInAwaitsProof. */
  signInAwaitsProof?: boolean;
}

/** A one-time password that was used, has expired, or was never there (or another sign-in used it first). */
export type TemporaryPasswordUse = 'used' | 'expired' | 'none';

/** The portal's users: who they are, their role and their password (only ever as a hash). */
export interface Users {
  /**
   * The user, created `at`; rejects with EmailTakenError when a user has this email. With
   * `temporaryPasswordExpiresAt`, the password is a one-time password (see useTemporaryPassword) and the user must
   * choose their own after using it.
   */
  create(user: NewPortalUser, at: Date): Promise<PortalUser>;
  findByEmail(email: string): Promise<PortalUserWithPassword | null>;
  findById(userId: number): Promise<PortalUserWithPassword | null>;
  /** false when no user has this email. */
  setRole(email: string, role: PortalRole): Promise<boolean>;
  /** The user's own new password: any one-time password is gone and nothing asks for a change any more. */
  setPassword(userId: number, passwordHash: string): Promise<void>;
  /** Replaces the password with a one-time password valid until `expiresAt`, to be changed once used. */
  setTemporaryPassword(userId: number, passwordHash: string, expiresAt: string): Promise<void>;
  /**
   * Uses up the one-time password at `now` in one conditional write: its hash becomes `replacementHash` (a hash
   * of nothing anyone knows), so it never signs in again. Of concurrent callers exactly one gets 'used'.
   */
  useTemporaryPassword(userId: number, now: Date, replacementHash: string): Promise<TemporaryPasswordUse>;
  /** The user proved their address at `at` (kept as the first time when already proven). false: no such user. */
  markEmailVerified(userId: number, at: string): Promise<boolean>;
  /** The user whose profile this is (mail about a profile goes to its owner), or null. */
  findByProfileId(profileId: number): Promise<PortalUser | null>;
  /**
   * The user leaves: their sessions end (they are signed out everywhere), their reset and confirmation links stop working, and the
   * user is gone, so the email and password sign in no more. false when there is no such user.
   */
  remove(userId: number): Promise<boolean>;
}

export class EmailTakenError extends Error {
  constructor() {
    super('a user with this email exists');
    this.name = 'EmailTakenError';
  }
}

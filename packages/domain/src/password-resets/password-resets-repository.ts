export interface NewPasswordReset {
  /** A hash of the link's random token; the token itself is never stored. */
  tokenHash: string;
  userId: number;
  expiresAt: string;
}

/** The portal's password-reset links: a hash of each link's token, its user, its expiry and whether it was used. */
export interface PasswordResets {
  /** Makes the link, created `now`; links expired at `now` are swept as new ones are made. */
  create(reset: NewPasswordReset, now: Date): Promise<void>;
  /** Whether the link is unused and unexpired at `now` (to show its form; using it is `consume`). */
  usable(tokenHash: string, now: Date): Promise<boolean>;
  /** Marks the link used if it is unused and unexpired at `now`, in one conditional write: its user's id, or null. */
  consume(tokenHash: string, now: Date): Promise<number | null>;
  /** Forgets every reset link of the user (after a password change, the others must not work). */
  deleteOfUser(userId: number): Promise<void>;
}

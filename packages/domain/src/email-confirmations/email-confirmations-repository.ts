export interface NewEmailConfirmation {
  /** A hash of the link's random token; the token itself is never stored. */
  tokenHash: string;
  userId: number;
  expiresAt: string;
}

/**
 * Links that prove a portal user receives mail at their address: a hash of each link's token, its user, its expiry
 * and whether it was used (kept as password-reset links are).
 */
export interface EmailConfirmations {
  /** Makes the link, created `now`; links expired at `now` are swept as new ones are made. */
  create(confirmation: NewEmailConfirmation, now: Date): Promise<void>;
  /** The user of the link when it is unused and unexpired at `now` (to show its page; using it is `consume`), else null. */
  usableBy(tokenHash: string, now: Date): Promise<number | null>;
  /** Marks the link used if it is unused and unexpired at `now`, in one conditional write: its user's id, or null. */
  consume(tokenHash: string, now: Date): Promise<number | null>;
  /** Forgets every confirmation link of the user (once the address is proven, the others have nothing to do). */
  deleteOfUser(userId: number): Promise<void>;
}

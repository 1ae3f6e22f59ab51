/** A new link: a hash of its random token (the token itself is never stored), its user, its expiry. */
export interface NewOneTimeLink {
  tokenHash: string;
  userId: number;
  expiresAt: string;
}

/**
 * Links a portal user is mailed that work once before they expire (password resets, address confirmations): a hash
 * of each link's token, its user, its expiry and whether it was used. One port and one adapter per database for
 * every kind: each kind is a table or collection of its own.
 */
export interface OneTimeLinks {
  /** Makes the link, created `now`; links expired at `now` are swept as new ones are made. */
  create(link: NewOneTimeLink, now: Date): Promise<void>;
  /** The user of the link when it is unused and unexpired at `now` (to show its page; using it is `consume`), else null. */
  usableBy(tokenHash: string, now: Date): Promise<number | null>;
  /** Marks the link used if it is unused and unexpired at `now`, in one conditional write: its user's id, or null. */
  consume(tokenHash: string, now: Date): Promise<number | null>;
  /** Forgets every link of this kind of the user (a password changed, an address proven: the others must not work). */
  deleteOfUser(userId: number): Promise<void>;
}

import type { NewOneTimeLink, OneTimeLinks } from '../one-time-links/one-time-links';

export type NewPasswordReset = NewOneTimeLink;

/** The portal's password-reset links (see OneTimeLinks); after a password change, the user's others are deleted. */
export type PasswordResets = OneTimeLinks;

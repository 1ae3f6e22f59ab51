import type { NewOneTimeLink, OneTimeLinks } from '../one-time-links/one-time-links';

export type NewEmailConfirmation = NewOneTimeLink;

/**
 * Links that prove a portal user receives mail at their address (see OneTimeLinks); once the address is proven, the
 * user's others are deleted.
 */
export type EmailConfirmations = OneTimeLinks;

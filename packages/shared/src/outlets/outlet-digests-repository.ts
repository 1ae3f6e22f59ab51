import type { Article, Profile } from '../domain/types';

/** What a v2 answer shows of an outlet besides its domain: who works for it, and what they wrote there. */
export interface OutletDigest {
  /** Up to three verified profiles that are active staff of the publisher, the latest to join first. */
  journalists: Profile[];
  /**
   * The three latest active articles of those verified staff whose address is on one of the publisher's proven
   * domains (or a subdomain), newest first by published_at.
   */
  articles: { article: Article; authorSlug: string }[];
}

export interface OutletDigests {
  /** The digest of a publisher, over these proven domains of it. */
  digestOf(publisherId: number, domains: readonly string[]): Promise<OutletDigest>;
}

/** How many journalists and articles a digest shows. */
export const DIGEST_SIZE = 3;
/** How many of the staff's latest articles are looked through for three on the outlet's domains. */
export const DIGEST_SCAN = 200;

/** Whether the address's host is one of the domains or under one of them (whole labels). */
export function onDomains(address: string, domains: readonly string[]): boolean {
  let host: string;
  try {
    host = new URL(address).hostname.toLowerCase();
  } catch {
    return false;
  }
  return domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

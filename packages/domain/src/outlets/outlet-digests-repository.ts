import { coversHost } from '../publishers/domain-covers';
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
  /** The digest of a publisher, over its proven domains. */
  digestOf(publisherId: number): Promise<OutletDigest>;
}

/** How many journalists and articles a digest shows. */
export const DIGEST_SIZE = 3;
/** How many of the staff's latest articles are looked through for three on the outlet's domains. */
export const DIGEST_SCAN = 200;

/**
 * The host of a canonical address (`https://host[:port]/…`, as canonicalizeUrl writes it: host in lower case), read
 * with string operations: a lookup may look through a few hundred, and a URL parse each would cost more than the rest.
 */
export function hostOfCanonical(canonicalUrl: string): string {
  const start = canonicalUrl.indexOf('//') + 2;
  const slash = canonicalUrl.indexOf('/', start);
  const authority = canonicalUrl.slice(start, slash === -1 ? undefined : slash);
  const colon = authority.indexOf(':');
  return colon === -1 ? authority : authority.slice(0, colon);
}

/** Whether the canonical address's host is one of the domains or under one of them (whole labels). */
export function onDomains(canonicalUrl: string, domains: readonly string[]): boolean {
  const host = hostOfCanonical(canonicalUrl);
  return domains.some((domain) => coversHost(domain, host));
}

/**
 * The digest's articles from the candidates (newest first): those on the publisher's domains, each address once (a
 * co-written article is on each author's profile: the newest listing shows it), at most DIGEST_SIZE.
 */
export function digestArticles<T extends { canonical_url: string }>(candidates: readonly T[], domains: readonly string[]): T[] {
  const seen = new Set<string>();
  const chosen: T[] = [];
  for (const candidate of candidates) {
    if (chosen.length === DIGEST_SIZE) break;
    if (seen.has(candidate.canonical_url) || !onDomains(candidate.canonical_url, domains)) continue;
    seen.add(candidate.canonical_url);
    chosen.push(candidate);
  }
  return chosen;
}

import type { SocialType } from '@byline/domain/domain/types';
import { samePublicPage } from '../proofs/rel-me-links';
import { handleKey, InvalidHandleError } from '@byline/domain/social/social-handle';
import { domainAllowed } from './attribution-domains';
import type { AuthorMarkup } from './author-markup';
import { personName, personNamesIn, sameName } from './author-names';
import { sameFediverseAccount } from './fediverse-account';

/**
 * The profile an article is checked against. Only PROVEN accounts and sites may be passed: a link to an account
 * the journalist merely claimed would let anyone who claims a colleague's handle borrow the colleague's bylines.
 */
export interface AuthorshipSubject {
  /** The profile's public page on Byline. */
  publicPageUrl: string;
  /**
   * Its former addresses, left by approved changes of name: they redirect to it (see profile-slugs.ts in
   * @byline/shared), so a page that links one still credits the profile.
   */
  formerPageUrls?: string[];
  /** The names the journalist writes under, e.g. "Aoife Brennan". Matching one is a mention only. */
  names: string[];
  /** Proven network accounts. */
  provenAccounts: { type: SocialType; handle: string }[];
  /** Proven websites. */
  provenSites: string[];
  /** Proven fediverse accounts, `@user@host`. */
  provenFediverse: string[];
  /** The journalist's attribution domains (see attribution-domains.ts). */
  allowedDomains: string[];
}

export type AuthorshipSource = 'json-ld' | 'rel-author' | 'fediverse-creator' | 'author-page';
export type AuthorshipTarget = 'public-page' | 'account' | 'site' | 'fediverse';

export type AuthorshipMatch =
  /** The page credits the profile with a link or account it has proven, on a domain it named: proof. */
  | { outcome: 'attested'; matched: { source: AuthorshipSource; value: string; matches: AuthorshipTarget } }
  /**
   * Shown to editors, never proof. `name-only`: detail is the name as the page wrote it. `domain-not-allowed`: a
   * link or account matched but the page is on no attribution domain; detail is the page's host.
   */
  | { outcome: 'mention'; reason: 'name-only' | 'domain-not-allowed'; detail: string }
  | { outcome: 'none'; reason: 'no-author-markup' | 'credits-someone-else' };

/**
 * Whether the article page's author markup credits the profile. Links are tried in the order JSON-LD, rel="author",
 * fediverse:creator, and the first that matches decides; only when no link matches does a name count.
 */
export function matchAuthorship(markup: AuthorMarkup, subject: AuthorshipSubject, pageUrl: string): AuthorshipMatch {
  const matched = firstLinkMatch(markup, subject);
  if (matched) {
    if (domainAllowed(pageUrl, subject.allowedDomains)) return { outcome: 'attested', matched };
    return { outcome: 'mention', reason: 'domain-not-allowed', detail: hostOf(pageUrl) };
  }
  const name = matchingName(markup, subject.names);
  if (name !== undefined) return { outcome: 'mention', reason: 'name-only', detail: name };
  const empty =
    !markup.people.length && !markup.relAuthor.length && !markup.metaAuthor.length && !markup.fediverseCreators.length;
  return { outcome: 'none', reason: empty ? 'no-author-markup' : 'credits-someone-else' };
}

type Matched = Extract<AuthorshipMatch, { outcome: 'attested' }>['matched'];

/** How many of an article page's author pages are followed: a byline credits a handful of people. */
export const AUTHOR_PAGES_FOLLOWED = 3;

/**
 * The article page's author links that may lead to the site's own page about the writer: JSON-LD author addresses
 * and rel="author" links on a domain the journalist allows to credit them (the article page is on one too), none
 * of them a page the journalist proved or their Byline page (those are matched directly). In the page's order.
 */
export function authorPagesOf(markup: AuthorMarkup, subject: AuthorshipSubject): string[] {
  const links = [...markup.people.flatMap((person) => person.urls), ...markup.relAuthor];
  const candidates = links.filter((link) => !linkTarget(link, subject) && domainAllowed(link, subject.allowedDomains));
  return [...new Set(candidates)].slice(0, AUTHOR_PAGES_FOLLOWED);
}

/**
 * Whether an author page (`authorPage`, fetched: `links` are what it gives as the writer's own, see
 * authorPageLinks) credits the profile: one of them is the profile's Byline page or a page it proved. The value
 * names both pages, so the evidence says what matched where.
 */
export function matchAuthorPage(authorPage: string, links: readonly string[], subject: AuthorshipSubject): Matched | undefined {
  for (const link of links) {
    const matches = linkTarget(link, subject);
    if (matches) return { source: 'author-page', value: `${authorPage} → ${link}`, matches };
  }
  return undefined;
}

function firstLinkMatch(markup: AuthorMarkup, subject: AuthorshipSubject): Matched | undefined {
  const links: { source: AuthorshipSource; value: string }[] = [
    ...markup.people.flatMap((person) => person.urls.map((value) => ({ source: 'json-ld' as const, value }))),
    ...markup.relAuthor.map((value) => ({ source: 'rel-author' as const, value })),
  ];
  for (const { source, value } of links) {
    const matches = linkTarget(value, subject);
    if (matches) return { source, value, matches };
  }
  for (const value of markup.fediverseCreators) {
    if (subject.provenFediverse.some((account) => sameFediverseAccount(value, account))) {
      return { source: 'fediverse-creator', value, matches: 'fediverse' };
    }
  }
  return undefined;
}

function linkTarget(link: string, subject: AuthorshipSubject): AuthorshipTarget | undefined {
  if (samePublicPage(link, subject.publicPageUrl)) return 'public-page';
  if (subject.formerPageUrls?.some((former) => samePublicPage(link, former))) return 'public-page';
  if (subject.provenAccounts.some((account) => isAccountPage(link, account))) return 'account';
  if (subject.provenSites.some((site) => samePublicPage(link, site))) return 'site';
  return undefined;
}

/**
 * Whether the link is a network address of the account: the username the portal would read from it, were it
 * typed as a handle (x.com/AoifeB and twitter.com/aoifeb both name @aoifeb), compared by lookup key.
 */
function isAccountPage(link: string, account: { type: SocialType; handle: string }): boolean {
  try {
    return handleKey(account.type, link) === handleKey(account.type, account.handle);
  } catch (error) {
    // Not an address of that network, or of one of its own pages: it names no account.
    if (error instanceof InvalidHandleError) return false;
    throw error;
  }
}

/** The first byline name (JSON-LD, then meta author) that is one of the journalist's names, as the page wrote it. */
function matchingName(markup: AuthorMarkup, names: string[]): string | undefined {
  const wanted = names.flatMap((name) => personName(name) ?? []);
  const written = [...markup.people.flatMap((person) => (person.name ? [person.name] : [])), ...markup.metaAuthor];
  return written.find((byline) => personNamesIn(byline).some((named) => wanted.some((own) => sameName(named, own))));
}

function hostOf(pageUrl: string): string {
  try {
    return new URL(pageUrl).hostname;
  } catch {
    return pageUrl;
  }
}

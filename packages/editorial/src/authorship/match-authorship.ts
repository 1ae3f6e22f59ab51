import type { SocialType } from '@byline/domain/domain/types';
import { samePublicPage } from '../proofs/rel-me-links';
import { handleKey, InvalidHandleError } from '@byline/domain/social/social-handle';
import { domainAllowed } from './attribution-domains';
import type { AuthorMarkup, MarkupPerson } from './author-markup';
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

/**
 * Where on the page a matching link was: JSON-LD, microdata, RDFa or an hCard (MarkupPerson's source), a rel="author"
 * link, Open Graph's article:author, a link in a byline element, fediverse:creator, or the site's author page.
 */
export type AuthorshipSource =
  MarkupPerson['source'] | 'rel-author' | 'open-graph' | 'byline-link' | 'fediverse-creator' | 'author-page';
export type AuthorshipTarget = 'public-page' | 'account' | 'site' | 'fediverse';

export type AuthorshipMatch =
  /**
   * The page credits the profile with a link or account it has proven, on a domain it named: proof. `position` is
   * the place of the link among the page's author links (authorLinks' order, fediverse:creator after them), 0 first:
   * where the page puts this author among its co-authors.
   */
  | {
      outcome: 'attested';
      matched: { source: AuthorshipSource; value: string; matches: AuthorshipTarget; position: number };
    }
  /**
   * Shown to editors, never proof. `name-only`: detail is the name as the page wrote it. `domain-not-allowed`: a
   * link or account matched but the page is on no attribution domain; detail is the page's host.
   */
  | { outcome: 'mention'; reason: 'name-only' | 'domain-not-allowed'; detail: string }
  | { outcome: 'none'; reason: 'no-author-markup' | 'credits-someone-else' };

/**
 * Whether the article page's author markup credits the profile. Links are tried in the order of authorLinks
 * (structured data first: JSON-LD, microdata, RDFa, hCards; then rel="author", Open Graph article:author, links in
 * byline elements), then fediverse:creator, and the first that matches decides; only when no link matches does a
 * name count (any form's: see matchingName).
 */
export function matchAuthorship(markup: AuthorMarkup, subject: AuthorshipSubject, pageUrl: string): AuthorshipMatch {
  const matched = firstLinkMatch(markup, subject);
  if (matched) {
    if (domainAllowed(pageUrl, subject.allowedDomains)) return { outcome: 'attested', matched };
    return { outcome: 'mention', reason: 'domain-not-allowed', detail: hostOf(pageUrl) };
  }
  const name = matchingName(markup, subject.names);
  if (name !== undefined) return { outcome: 'mention', reason: 'name-only', detail: name };
  const empty = [
    markup.people,
    markup.relAuthor,
    markup.metaAuthor,
    markup.bylineNames,
    markup.bylineTexts,
    markup.openGraphAuthors,
    markup.bylineLinks,
    markup.fediverseCreators,
  ].every((list) => !list.length);
  return { outcome: 'none', reason: empty ? 'no-author-markup' : 'credits-someone-else' };
}

type Matched = Extract<AuthorshipMatch, { outcome: 'attested' }>['matched'];

/** How many of an article page's author pages are followed: a byline credits a handful of people. */
export const AUTHOR_PAGES_FOLLOWED = 3;

/**
 * The article page's author links that may lead to the site's own page about the writer (`/author/jane-doe`): any
 * author link (authorLinks, in its order) on a domain the journalist allows to credit them (the article page is on
 * one too), none of them a page the journalist proved or their Byline page (those are matched directly); each with
 * its first place among the author links.
 */
export function authorPagesOf(markup: AuthorMarkup, subject: AuthorshipSubject): { url: string; position: number }[] {
  const pages = new Map<string, number>();
  authorLinks(markup).forEach(({ value }, position) => {
    if (pages.has(value) || linkTarget(value, subject) || !domainAllowed(value, subject.allowedDomains)) return;
    pages.set(value, position);
  });
  return [...pages].slice(0, AUTHOR_PAGES_FOLLOWED).map(([url, position]) => ({ url, position }));
}

/**
 * Every author link of the page with where it was, in the order they are tried: the structured forms first (their
 * people in the page's order, JSON-LD's before the others), then rel="author" links, Open Graph article:author, and
 * the links in byline elements last, as the loosest form (a byline box may link more than its writer).
 */
function authorLinks(markup: AuthorMarkup): { source: AuthorshipSource; value: string }[] {
  return [
    ...markup.people.flatMap((person) => person.urls.map((value) => ({ source: person.source, value }))),
    ...markup.relAuthor.map((value) => ({ source: 'rel-author' as const, value })),
    ...markup.openGraphAuthors.map((value) => ({ source: 'open-graph' as const, value })),
    ...markup.bylineLinks.map((value) => ({ source: 'byline-link' as const, value })),
  ];
}

/**
 * Whether an author page (`authorPage`, fetched: `links` are what it gives as the writer's own, see
 * authorPageLinks) credits the profile: one of them is the profile's Byline page or a page it proved. The value
 * names both pages, so the evidence says what matched where.
 */
export function matchAuthorPage(
  authorPage: { url: string; position: number },
  links: readonly string[],
  subject: AuthorshipSubject,
): Matched | undefined {
  for (const link of links) {
    const matches = linkTarget(link, subject);
    if (matches) return { source: 'author-page', value: `${authorPage.url} → ${link}`, matches, position: authorPage.position };
  }
  return undefined;
}

function firstLinkMatch(markup: AuthorMarkup, subject: AuthorshipSubject): Matched | undefined {
  for (const [position, { source, value }] of authorLinks(markup).entries()) {
    const matches = linkTarget(value, subject);
    if (matches) return { source, value, matches, position };
  }
  return fediverseCreatorMatches(markup, subject)[0];
}

/**
 * The page's fediverse:creator values that name one of the profile's proven fediverse accounts, in the page's
 * order, each with its place among the page's author links (after authorLinks'). The accounts whose own
 * attributionDomains may allow the page (see fediverse-actor.ts).
 */
export function fediverseCreatorMatches(markup: AuthorMarkup, subject: AuthorshipSubject): Matched[] {
  const links = authorLinks(markup).length;
  return markup.fediverseCreators.flatMap((value, index) =>
    subject.provenFediverse.some((account) => sameFediverseAccount(value, account))
      ? [{ source: 'fediverse-creator' as const, value, matches: 'fediverse' as const, position: links + index }]
      : [],
  );
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

/**
 * The first byline name (the people's, then meta author, then the other forms') that names one of the journalist's
 * names, as the page wrote it. A desk or an organisation's byline names no one (personNamesIn).
 */
function matchingName(markup: AuthorMarkup, names: string[]): string | undefined {
  const wanted = names.flatMap((name) => personName(name) ?? []);
  const written = [
    ...markup.people.flatMap((person) => (person.name ? [person.name] : [])),
    ...markup.metaAuthor,
    ...markup.bylineNames,
    ...markup.bylineTexts,
  ];
  return written.find((byline) => personNamesIn(byline).some((named) => wanted.some((own) => sameName(named, own))));
}

/**
 * The markup with only the names the page gives as its own writer's: JSON-LD's and its head's (meta author and the
 * other meta forms). The names of byline elements and author cards in the body are left out, since a page may list
 * other articles with their bylines beside its own; its links all stay. For a credit by name alone, which counts on
 * a publisher's vouching (see run-attribution.ts), where a name read from a list of related articles would credit
 * the wrong journalist.
 */
export function withOwnNamesOnly(markup: AuthorMarkup): AuthorMarkup {
  return {
    ...markup,
    people: markup.people.map(({ name, ...person }) => (person.source === 'json-ld' && name ? { name, ...person } : person)),
    bylineTexts: [],
  };
}

function hostOf(pageUrl: string): string {
  try {
    return new URL(pageUrl).hostname;
  } catch {
    return pageUrl;
  }
}

import { AUTHORSHIP_PROVIDER, type AttributionAllowance } from '@byline/domain/articles/article-proof';
import { normaliseFediverseAccount, sameFediverseAccount } from '@byline/domain/social/fediverse-account';
import { proveArticleSteps, noteUnproven } from '@byline/domain/articles/prove-article';
import { type Articles } from '@byline/domain/articles/articles-repository';
import { type RecheckPolicy } from '@byline/domain/proofs/claim-store';
import { authorshipSubjectOf, type AuthorshipSources } from './authorship-subject';
import { actorAllows, domainAllowed, InvalidAttributionDomainError, normaliseAttributionDomain } from './attribution-domains';
import type { ActorAttribution, ActorReader } from './fediverse-actor';
import { PageFetchError, type PageFetcher } from './fetch-page';
import {
  authorPagesOf,
  fediverseCreatorMatches,
  matchAuthorPage,
  matchAuthorship,
  type AuthorshipMatch,
  type AuthorshipSource,
  type AuthorshipSubject,
} from './match-authorship';
import { PageReadError, READ_IN_THIS_THREAD, type PageReads } from './page-reads';
import type { AuthorMarkup } from './author-markup';

/** Who the article proofs of the page check name (its history entries and evidence). */
export const AUTHORSHIP_CHECKER = 'byline:authorship check';

/** What reading an article's page found: it credits the profile, it does not (and why), or it could not be read. */
export type ArticleCredit =
  /**
   * `position`: where the page puts the profile among its authors (see AuthorshipMatch); `allowedBy`: who allowed
   * the page's domain (the journalist's list in Byline, their fediverse account's attributionDomains, or both).
   */
  | { outcome: 'credited'; matched: string; position: number; allowedBy: AttributionAllowance[] }
  | { outcome: 'not-credited'; reason: string; mention: string | null }
  | { outcome: 'unread'; reason: string };

const MARKUP_SOURCES: Record<AuthorshipSource, string> = {
  'json-ld': 'JSON-LD author',
  microdata: 'microdata author',
  rdfa: 'RDFa author',
  hcard: 'hCard author',
  'rel-author': 'rel="author" link',
  'open-graph': 'Open Graph article:author',
  'byline-link': 'byline link',
  'fediverse-creator': 'fediverse:creator',
  'author-page': 'author page',
};

/** What matched, in the words the evidence and the pages show (`JSON-LD author https://…`). */
export const matchedOf = ({ source, value }: { source: keyof typeof MARKUP_SOURCES; value: string }) =>
  `${MARKUP_SOURCES[source]} ${value}`;

/** The reason an article whose page names another author does not count; an approval never vouches for it. */
export const CREDITS_SOMEONE_ELSE = 'Its page credits someone else.';

/** A fediverse account the page's fediverse:creator names whose own list did not allow the page, and what was read. */
interface ActorRefusal {
  account: string;
  read: ActorAttribution;
}

/**
 * The advice for a page that credits the journalist on a domain they do not allow: add it, when the profile form
 * would take it; otherwise (an IP address, `localhost`, a public suffix) why no domain list can make it count. When
 * the page's fediverse:creator named their account, what that account's own list said too (or why it was not read).
 */
function notAllowedReason(host: string, actors: readonly ActorRefusal[] = []): string {
  try {
    normaliseAttributionDomain(host);
  } catch (error) {
    if (!(error instanceof InvalidAttributionDomainError)) throw error;
    return `Its page credits you, but ${host} cannot be allowed to credit you: it ${error.message}. An article counts only on a publisher’s own domain name.`;
  }
  const notListed = `Its page credits you, but ${host} is not among the domains you allow to credit you`;
  const read = actors.find((actor) => actor.read.ok) ?? actors[0];
  if (!read) return `${notListed}. Add it on your profile page, then check again.`;
  if (read.read.ok) {
    return `${notListed}, nor among those your fediverse account ${read.account} allows (its attribution domains). Add it on your profile page or to that account’s attribution domains, then check again.`;
  }
  return `${notListed}, and your fediverse account ${read.account} could not be read to see whether it allows it (${read.read.reason}). Add it on your profile page, then check again.`;
}

/**
 * The reasons above are stored as worded for the article's owner ("credits you"); an editor reads them about the
 * journalist. Each phrase the reasons use, as said to someone else (kept beside them, so they change together).
 */
const SAID_TO_AN_EDITOR: [RegExp, string][] = [
  [/Add it on your profile page, then check again\./g, 'The journalist can add it on their profile page.'],
  [
    /Add it on your profile page or to that account’s attribution domains, then check again\./g,
    'The journalist can add it on their profile page or to that account’s attribution domains.',
  ],
  [/your fediverse account/g, 'their fediverse account'],
  [
    /Ask your publisher to add your Byline page or a proven account/g,
    'Their publisher can add their Byline page or a proven account',
  ],
  [/: ask an editor to move it\./g, ': an editor can move it.'],
  [/the domains you allow to credit you/g, 'the domains the journalist allows to credit them'],
  [/allowed to credit you/g, 'allowed to credit the journalist'],
  [/credits you\b/g, 'credits the journalist'],
  [/names you\b/g, 'names the journalist'],
  [/nothing you proved/g, 'nothing they proved'],
];

/** A stored reason as an editor reads it: about the journalist, not addressed to them. */
export function reasonForEditors(reason: string): string {
  return SAID_TO_AN_EDITOR.reduce((text, [phrase, said]) => text.replace(phrase, said), reason);
}

/** Why an article whose page was read does not count, worded for its owner (see reasonForEditors for editors). */
function reasonOf(match: Exclude<AuthorshipMatch, { outcome: 'attested' }>, host: string, actors: ActorRefusal[]): string {
  if (match.outcome === 'mention') {
    return match.reason === 'name-only'
      ? `Its page names you (“${match.detail}”) but links to nothing you proved. Ask your publisher to add your Byline page or a proven account to the article’s author markup.`
      : notAllowedReason(host, actors);
  }
  return match.reason === 'no-author-markup'
    ? 'Its page has no author markup (JSON-LD or microdata author, rel="author", a byline, meta author or fediverse:creator) that names you.'
    : CREDITS_SOMEONE_ELSE;
}

/** What the page check reads with. */
export interface PageReaders {
  fetchPage: PageFetcher;
  /** Reads the sites' author pages: fetchPage, or one that reads each page once per run (onceEach). */
  fetchAuthorPage?: PageFetcher;
  /** Where fetched pages are read: this thread (the worker's), or the portal's page-reading thread. */
  reads?: PageReads;
  /**
   * Reads the attributionDomains of the fediverse accounts a page's fediverse:creator names (createActorReader);
   * without it, only the domains the journalist lists in Byline allow a page.
   */
  readActor?: ActorReader;
}

/** How many of a page's fediverse:creator accounts are read: a page credits a handful of people, a journalist one. */
export const ACTORS_READ = 2;

/**
 * Reads an article's page and compares its author markup with the profile (matchAuthorship): a link to the
 * profile's public page or to a proven account, site or fediverse account, on a domain the journalist allows,
 * credits it. The page must be on an allowed domain both where the article's address points and where its
 * redirects end, so that a redirect cannot borrow another outlet's byline. A domain is allowed from either side:
 * by the journalist's list in Byline, or — for a page whose fediverse:creator names their proven fediverse account
 * — by that account's own attributionDomains, as Mastodon decides whether to show the page's author (actorAllows).
 * An account that cannot be read allows nothing, and Byline's list still decides. The first check and the
 * re-checks both read pages here, so an article is judged by one rule.
 */
export async function readArticleCredit(readers: PageReaders, subject: AuthorshipSubject, link: string): Promise<ArticleCredit> {
  const { fetchPage, fetchAuthorPage = fetchPage, reads = READ_IN_THIS_THREAD, readActor } = readers;
  let page;
  try {
    page = await fetchPage(link);
  } catch (error) {
    if (!(error instanceof PageFetchError)) throw error;
    return { outcome: 'unread', reason: `Its page could not be read: ${error.message}` };
  }
  let markup;
  try {
    markup = await reads.authorMarkup(page.html, page.url);
  } catch (error) {
    if (!(error instanceof PageReadError)) throw error;
    return { outcome: 'unread', reason: `Its page could not be read: ${error.message}` };
  }
  let match = matchOnAllowedDomains(matchAuthorship(markup, subject, page.url), subject, link);
  if (match.outcome !== 'attested' && domainAllowed(page.url, subject.allowedDomains)) {
    const hop = await viaAuthorPage(markup, subject, fetchAuthorPage, reads);
    if (hop) match = matchOnAllowedDomains(hop, subject, link);
  }
  const pageUrl = page.url;
  /** The proven account a fediverse:creator value names, as the journalist proved it (the page may write it otherwise). */
  const provenAccount = (value: string) =>
    subject.provenFediverse.find((account) => sameFediverseAccount(account, value)) ?? value;
  /**
   * What the account's own list says of the page (both its addresses, as Byline's list is asked); null when no
   * reader is given.
   */
  const actorSide = async (account: string): Promise<{ allows: boolean; read: ActorAttribution } | null> => {
    if (!readActor) return null;
    const read = await readActor(provenAccount(account));
    return { allows: read.ok && actorAllows(link, read.domains) && actorAllows(pageUrl, read.domains), read };
  };
  const credited = (matched: Matched, allowedBy: AttributionAllowance[]): ArticleCredit => ({
    outcome: 'credited',
    matched: matchedOf(matched),
    position: matched.position,
    allowedBy,
  });
  if (match.outcome === 'attested') {
    const allowedBy: AttributionAllowance[] = ['byline'];
    // Credited by fediverse:creator: the evidence says whether the account allows the page too.
    if (match.matched.source === 'fediverse-creator' && (await actorSide(match.matched.value))?.allows) {
      allowedBy.push('fediverse-actor');
    }
    return credited(match.matched, allowedBy);
  }
  // Byline's list does not allow the page: a proven account its fediverse:creator names may, by its own list.
  const refusals: ActorRefusal[] = [];
  const asked = new Set<string>();
  for (const creator of fediverseCreatorMatches(markup, subject)) {
    // Each account once, however often the page names it, and only a few: a page credits a handful of people.
    const account = provenAccount(creator.value);
    if (asked.has(account) || asked.size >= ACTORS_READ) continue;
    asked.add(account);
    const side = await actorSide(account);
    if (!side) break;
    if (side.allows) return credited(creator, ['fediverse-actor']);
    refusals.push({ account: normaliseFediverseAccount(account) ?? account, read: side.read });
  }
  return {
    outcome: 'not-credited',
    reason: reasonOf(match, new URL(link).hostname, refusals),
    mention: match.outcome === 'mention' && match.reason === 'name-only' ? match.detail : null,
  };
}

type Matched = Extract<AuthorshipMatch, { outcome: 'attested' }>['matched'];

/**
 * The second hop: most sites link a byline to their own page about the writer, which lists the writer's accounts
 * (rel="me", JSON-LD Person sameAs). The article page's author pages on an allowed domain are read, in order, and
 * the first that links the profile's Byline page or a page it proved credits it; a page that cannot be read, or
 * whose address after redirects is on no allowed domain, credits no one. Null when none does.
 */
async function viaAuthorPage(
  markup: AuthorMarkup,
  subject: AuthorshipSubject,
  fetchAuthorPage: PageFetcher,
  reads: PageReads,
): Promise<AuthorshipMatch | null> {
  for (const authorPage of authorPagesOf(markup, subject)) {
    let page;
    try {
      page = await fetchAuthorPage(authorPage.url);
    } catch (error) {
      if (!(error instanceof PageFetchError)) throw error;
      continue;
    }
    if (!domainAllowed(page.url, subject.allowedDomains)) continue;
    let links;
    try {
      links = await reads.authorPageLinks(page.html, page.url);
    } catch (error) {
      if (!(error instanceof PageReadError)) throw error;
      continue;
    }
    const matched = matchAuthorPage(authorPage, links, subject);
    if (matched) return { outcome: 'attested', matched };
  }
  return null;
}

/** An attestation counts only when the article's own address is on an allowed domain too (see readArticleCredit). */
function matchOnAllowedDomains(match: AuthorshipMatch, subject: AuthorshipSubject, articleLink: string): AuthorshipMatch {
  if (match.outcome !== 'attested' || domainAllowed(articleLink, subject.allowedDomains)) return match;
  return { outcome: 'mention', reason: 'domain-not-allowed', detail: new URL(articleLink).hostname };
}

export type ArticleCheckOutcome =
  | { status: 'proven'; matched: string }
  | { status: 'unproven'; reason: string }
  /** Nothing to check: no such article of the profile, or it is proven or released already. */
  | { status: 'unchanged' };

export interface ArticleCheckDeps extends PageReaders {
  sources: AuthorshipSources & { articles: Articles };
  /** PUBLIC_PORTAL_URL: pages credit the profile's public page under it. */
  portalUrl: string;
  /** When the proof's first re-check is due (RECHECK_INTERVAL). */
  policy: Pick<RecheckPolicy, 'intervalMs'>;
  now?: () => Date;
}

/**
 * The first check of an unproven article (the portal's, when it is saved or its owner asks, and the worker's for
 * claims no one checked): a page that credits the profile proves it (`authorship-attested`, re-checked from then
 * on, with its place among the page's authors), whoever else has the address proven (co-authors); anything else is
 * recorded as the reason it does not count.
 */
export async function checkArticle(
  { sources, portalUrl, policy, now = () => new Date(), ...readers }: ArticleCheckDeps,
  profileId: number,
  articleId: number,
): Promise<ArticleCheckOutcome> {
  const claim = (await sources.articles.claimsOf(profileId)).find((candidate) => candidate.article.id === articleId);
  if (!claim || claim.proof.state === 'proven' || claim.proof.state === 'released') return { status: 'unchanged' };
  const subject = await authorshipSubjectOf(sources, profileId, portalUrl);
  if (!subject) return { status: 'unchanged' };
  const unproven = async (reason: string, mention: string | null = null): Promise<ArticleCheckOutcome> => {
    await noteUnproven(sources.articles, { profileId, articleId, reason, mention });
    return { status: 'unproven', reason };
  };
  const credit = await readArticleCredit(readers, subject, claim.article.link);
  if (credit.outcome === 'unread') return unproven(credit.reason);
  if (credit.outcome === 'not-credited') return unproven(credit.reason, credit.mention);
  const at = now();
  const evidence = {
    method: 'authorship-attested' as const,
    provider: AUTHORSHIP_PROVIDER,
    by: AUTHORSHIP_CHECKER,
    matched: credit.matched,
    position: credit.position,
    allowedBy: credit.allowedBy,
    nextCheckAt: new Date(at.getTime() + policy.intervalMs).toISOString(),
  };
  const proven = await sources.articles.inOneWrite((unit) =>
    proveArticleSteps(unit, { profileId, articleId, evidence }, at.toISOString()),
  );
  // Gone meanwhile (its owner removed it): nothing left to prove.
  return proven.ok ? { status: 'proven', matched: credit.matched } : { status: 'unchanged' };
}

import { AUTHORSHIP_PROVIDER } from '@byline/domain/articles/article-proof';
import { proveArticleSteps, noteUnproven } from '@byline/domain/articles/prove-article';
import { type Articles } from '@byline/domain/articles/articles-repository';
import { type RecheckPolicy } from '@byline/domain/proofs/claim-store';
import { authorshipSubjectOf, type AuthorshipSources } from './authorship-subject';
import { domainAllowed, InvalidAttributionDomainError, normaliseAttributionDomain } from './attribution-domains';
import { PageFetchError, type PageFetcher } from './fetch-page';
import {
  authorPagesOf,
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
  /** `position`: where the page puts the profile among its authors (see AuthorshipMatch). */
  | { outcome: 'credited'; matched: string; position: number }
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

/**
 * The advice for a page that credits the journalist on a domain they do not allow: add it, when the profile form
 * would take it; otherwise (an IP address, `localhost`, a public suffix) why no domain list can make it count.
 */
function notAllowedReason(host: string): string {
  try {
    normaliseAttributionDomain(host);
  } catch (error) {
    if (!(error instanceof InvalidAttributionDomainError)) throw error;
    return `Its page credits you, but ${host} cannot be allowed to credit you: it ${error.message}. An article counts only on a publisher’s own domain name.`;
  }
  return `Its page credits you, but ${host} is not among the domains you allow to credit you. Add it on your profile page, then check again.`;
}

/**
 * The reasons above are stored as worded for the article's owner ("credits you"); an editor reads them about the
 * journalist. Each phrase the reasons use, as said to someone else (kept beside them, so they change together).
 */
const SAID_TO_AN_EDITOR: [RegExp, string][] = [
  [/Add it on your profile page, then check again\./g, 'The journalist can add it on their profile page.'],
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
function reasonOf(match: Exclude<AuthorshipMatch, { outcome: 'attested' }>, host: string): string {
  if (match.outcome === 'mention') {
    return match.reason === 'name-only'
      ? `Its page names you (“${match.detail}”) but links to nothing you proved. Ask your publisher to add your Byline page or a proven account to the article’s author markup.`
      : notAllowedReason(host);
  }
  return match.reason === 'no-author-markup'
    ? 'Its page has no author markup (JSON-LD or microdata author, rel="author", a byline, meta author or fediverse:creator) that names you.'
    : CREDITS_SOMEONE_ELSE;
}

/**
 * Reads an article's page and compares its author markup with the profile (matchAuthorship): a link to the
 * profile's public page or to a proven account, site or fediverse account, on a domain the journalist allows,
 * credits it. The page must be on an allowed domain both where the article's address points and where its
 * redirects end, so that a redirect cannot borrow another outlet's byline. The first check and the re-checks
 * both read pages here, so an article is judged by one rule.
 */
export async function readArticleCredit(
  fetchPage: PageFetcher,
  subject: AuthorshipSubject,
  link: string,
  fetchAuthorPage: PageFetcher = fetchPage,
  reads: PageReads = READ_IN_THIS_THREAD,
): Promise<ArticleCredit> {
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
  if (match.outcome === 'attested') {
    return { outcome: 'credited', matched: matchedOf(match.matched), position: match.matched.position };
  }
  return {
    outcome: 'not-credited',
    reason: reasonOf(match, new URL(link).hostname),
    mention: match.outcome === 'mention' && match.reason === 'name-only' ? match.detail : null,
  };
}

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

export interface ArticleCheckDeps {
  sources: AuthorshipSources & { articles: Articles };
  fetchPage: PageFetcher;
  /** Reads the sites' author pages: fetchPage, or one that reads each page once per run (onceEach). */
  fetchAuthorPage?: PageFetcher;
  /** Where fetched pages are read: this thread (the worker's), or the portal's page-reading thread. */
  reads?: PageReads;
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
  { sources, fetchPage, fetchAuthorPage, reads, portalUrl, policy, now = () => new Date() }: ArticleCheckDeps,
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
  const credit = await readArticleCredit(fetchPage, subject, claim.article.link, fetchAuthorPage, reads);
  if (credit.outcome === 'unread') return unproven(credit.reason);
  if (credit.outcome === 'not-credited') return unproven(credit.reason, credit.mention);
  const at = now();
  const evidence = {
    method: 'authorship-attested' as const,
    provider: AUTHORSHIP_PROVIDER,
    by: AUTHORSHIP_CHECKER,
    matched: credit.matched,
    position: credit.position,
    nextCheckAt: new Date(at.getTime() + policy.intervalMs).toISOString(),
  };
  const proven = await sources.articles.inOneWrite((unit) =>
    proveArticleSteps(unit, { profileId, articleId, evidence }, at.toISOString()),
  );
  // Gone meanwhile (its owner removed it): nothing left to prove.
  return proven.ok ? { status: 'proven', matched: credit.matched } : { status: 'unchanged' };
}

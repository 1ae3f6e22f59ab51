import {
  AUTHORSHIP_PROVIDER,
  authorshipSubjectOf,
  backendOf,
  domainAllowed,
  matchAuthorship,
  noteUnproven,
  proveArticle,
  readAuthorMarkup,
  type AuthorshipMatch,
  type AuthorshipSubject,
} from '@byline/editorial';
import type { Store } from '@byline/shared';
import { PageFetchError, type PageFetcher } from '../fetch/fetch-page';

/** Who the article proofs of the page check name (its history entries and evidence). */
export const AUTHORSHIP_CHECKER = 'byline:authorship check';

export type ArticleCheckOutcome =
  | { status: 'proven'; matched: string }
  | { status: 'unproven'; reason: string }
  /** Nothing to check: no such article of the profile, or it is proven or released already. */
  | { status: 'unchanged' };

const MARKUP_SOURCES: Record<'json-ld' | 'rel-author' | 'fediverse-creator', string> = {
  'json-ld': 'JSON-LD author',
  'rel-author': 'rel="author" link',
  'fediverse-creator': 'fediverse:creator',
};

/** What matched, in the words the evidence and the pages show. */
const matchedOf = ({ source, value }: { source: keyof typeof MARKUP_SOURCES; value: string }) =>
  `${MARKUP_SOURCES[source]} ${value}`;

/** Why an article whose page was read does not count, worded for its owner (and editors). */
function reasonOf(match: Exclude<AuthorshipMatch, { outcome: 'attested' }>, host: string): string {
  if (match.outcome === 'mention') {
    return match.reason === 'name-only'
      ? `Its page names you (“${match.detail}”) but links to nothing you proved. Ask your publisher to add your Byline page or a proven account to the article’s author markup.`
      : `Its page credits you, but ${host} is not among the domains you allow to credit you. Add it on your profile page, then check again.`;
  }
  return match.reason === 'no-author-markup'
    ? 'Its page has no author markup (JSON-LD author, rel="author", meta author or fediverse:creator) that names you.'
    : 'Its page credits someone else.';
}

/**
 * Reads an unproven article's page and compares its author markup with the profile (matchAuthorship): a link to
 * the profile's public page or to a proven account, site or fediverse account, on a domain the journalist allows,
 * proves it (`authorship-attested`, releasing other profiles' unproven claims of the address); anything else is
 * recorded as the reason it does not count. The page must be on an allowed domain both where the article's
 * address points and where its redirects end, so that a redirect cannot borrow another outlet's byline.
 */
export async function checkArticle(
  { store, fetchPage, portalUrl }: { store: Store; fetchPage: PageFetcher; portalUrl: string },
  profileId: number,
  articleId: number,
): Promise<ArticleCheckOutcome> {
  const backend = backendOf(store);
  const claim = (await backend.articles.claimsOf(profileId)).find((candidate) => candidate.article.id === articleId);
  if (!claim || claim.proof.state === 'proven' || claim.proof.state === 'released') return { status: 'unchanged' };
  const subject = await authorshipSubjectOf(backend, profileId, portalUrl);
  if (!subject) return { status: 'unchanged' };
  const unproven = async (reason: string, mention: string | null = null): Promise<ArticleCheckOutcome> => {
    await noteUnproven(backend.articles, { profileId, articleId, reason, mention });
    return { status: 'unproven', reason };
  };
  let page;
  try {
    page = await fetchPage(claim.article.link);
  } catch (error) {
    if (!(error instanceof PageFetchError)) throw error;
    return unproven(`Its page could not be read: ${error.message}`);
  }
  const match = matchOnAllowedDomains(
    matchAuthorship(readAuthorMarkup(page.html, page.url), subject, page.url),
    subject,
    claim.article.link,
  );
  if (match.outcome !== 'attested') {
    return unproven(
      reasonOf(match, new URL(claim.article.link).hostname),
      match.outcome === 'mention' && match.reason === 'name-only' ? match.detail : null,
    );
  }
  const matched = matchedOf(match.matched);
  const evidence = { method: 'authorship-attested' as const, provider: AUTHORSHIP_PROVIDER, by: AUTHORSHIP_CHECKER, matched };
  const proven = await proveArticle(backend.articles, { profileId, articleId, evidence }, AUTHORSHIP_CHECKER);
  if (proven.ok) return { status: 'proven', matched };
  return unproven('Its page credits you, but the article is proven on another profile: ask an editor to move it.');
}

/** An attestation counts only when the article's own address is on an allowed domain too (see checkArticle). */
function matchOnAllowedDomains(match: AuthorshipMatch, subject: AuthorshipSubject, articleLink: string): AuthorshipMatch {
  if (match.outcome !== 'attested' || domainAllowed(articleLink, subject.allowedDomains)) return match;
  return { outcome: 'mention', reason: 'domain-not-allowed', detail: new URL(articleLink).hostname };
}

import { fetchFailureOf, fetchFollowingRedirects, REDIRECT_STATUSES, type RedirectRules, type SafeFetch } from '@byline/fetcher';
import type { CheckOutcome } from '@byline/domain/proofs/claim-store';
import type { NewEvidence } from '@byline/domain/proofs/claims';
import { relMeLinks, samePublicPage } from './rel-me-links';

const MAX_REDIRECTS = 5;

/** The public address of a profile page (`PUBLIC_PORTAL_URL/j/SLUG`), which claimed pages must link back to. */
export const REL_ME_PROVIDER = { id: 'urn:byline:rel-me', name: 'Byline rel="me" check' };

/** The evidence of a rel="me" check that passed on `site`; the re-check takes it again at `nextCheckAt`. */
export function relMeEvidence(site: string, nextCheckAt: Date): NewEvidence {
  return {
    method: 'rel-me',
    provider: REL_ME_PROVIDER,
    provenValue: site,
    by: 'byline:rel-me check',
    nextCheckAt: nextCheckAt.toISOString(),
  };
}

export { publicProfileUrl } from '@byline/domain/profiles/public-profile-url';

/**
 * Whether the page at `siteUrl` links back to `profileUrl` with rel="me" (Mastodon's VerifyLinkService rules,
 * through the SSRF-safe fetch): redirects followed (at most 5, each hop's address checked), only a final 200
 * HTML page counts, its body is size-limited by the fetch, and an `<a>` or `<link>` whose rel holds `me` must
 * point at the profile page (compared as canonical addresses). Like Mastodon, a first rel="me" link that
 * redirects straight to the profile page (a short link) counts too. Never throws: a failure is an outcome
 * with a reason fit to show the journalist.
 */
export async function checkRelMe(fetch: SafeFetch, siteUrl: string, profileUrl: string): Promise<CheckOutcome> {
  const redirects: RedirectRules = {
    maxRedirects: MAX_REDIRECTS,
    nextHop: (location, from) => new URL(location, from),
    tooMany: () => new RelMeRefusal('the page redirects too many times'),
    // The portal's own pages link out with rel="me" to every claimed site: one of them would prove itself.
    beforeFetch: (url) => {
      if (url.origin === new URL(profileUrl).origin)
        throw new RelMeRefusal('the address is a page of this Byline portal, not a site of your own');
    },
  };
  try {
    const init = { headers: { Accept: 'text/html,application/xhtml+xml' } };
    const { url, response } = await fetchFollowingRedirects(fetch, new URL(siteUrl), init, redirects);
    if (response.status !== 200) {
      void response.body?.cancel();
      return { ok: false, reason: `the page answered HTTP ${response.status}` };
    }
    const type = response.headers.get('content-type') ?? '';
    if (!/text\/html|application\/xhtml\+xml/i.test(type)) {
      void response.body?.cancel();
      return { ok: false, reason: 'the address is not a web page' };
    }
    const links = relMeLinks(await response.text(), url.href);
    if (links.some((link) => samePublicPage(link, profileUrl))) return { ok: true };
    if (links[0] && (await redirectsTo(fetch, links[0], profileUrl))) return { ok: true };
    return {
      ok: false,
      reason: links.length
        ? 'the page has rel="me" links, but none to this profile'
        : 'the page has no rel="me" link to this profile',
    };
  } catch (error) {
    return { ok: false, reason: error instanceof RelMeRefusal ? error.message : describe(error) };
  }
}

/** A check refused for a reason of its own (not the network's), worded for the journalist. */
class RelMeRefusal extends Error {}

async function redirectsTo(fetch: SafeFetch, link: string, profileUrl: string): Promise<boolean> {
  try {
    const response = await fetch(link, { method: 'HEAD' });
    const location = response.headers.get('location');
    return REDIRECT_STATUSES.has(response.status) && !!location && samePublicPage(new URL(location, link).href, profileUrl);
  } catch {
    return false;
  }
}

function describe(error: unknown): string {
  const failure = fetchFailureOf(error);
  if (failure === 'unsafe-address') return 'the address points to a private or local network, which Byline does not fetch';
  if (failure === 'too-large') return 'the page is too large';
  if (failure === 'timeout') return 'the site took too long to answer';
  if (error instanceof TypeError && /URL/i.test(error.message)) return 'the address is not valid';
  return 'the site could not be reached';
}

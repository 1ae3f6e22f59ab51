import { hasRel, scanHtml, type TagAttributes } from '../html/scan-html';
import { documentBase } from '../authorship/absolute-url';

/** The elements this reader looks at (scanHtml collects no other's attributes). */
const READ_TAGS = new Set(['base', 'a', 'link']);

/**
 * The targets of every `<a>` and `<link>` whose rel list contains the token `me` (microformats rel-me, as
 * Mastodon's VerifyLinkService reads it), resolved against the page's address (or its first `<base href>`).
 * Unresolvable hrefs are left out. The page is read in one pass (scanHtml), so a hostile one costs time linear in
 * its length and yields fewer links, never an error.
 */
export function relMeLinks(html: string, pageUrl: string): string[] {
  let baseHref: string | undefined;
  const relMe = new RelMeHrefs();
  scanHtml(html, {
    tags: READ_TAGS,
    openTag(name, attributes) {
      if (name === 'base' && baseHref === undefined && attributes.has('href')) baseHref = attributes.get('href');
      relMe.add(name, attributes);
    },
  });
  return relMe.links(documentBase(baseHref, pageUrl));
}

/**
 * rel="me" links read from one page. A profile page links a person's few accounts; each link costs an address
 * parse, so a page of hundreds of thousands of them is read no further than this.
 */
const REL_ME_LINKS_READ = 1_000;

/** The rel="me" hrefs of a page as a scan meets its tags (relMeLinks; an author page's reader, in its own scan). */
export class RelMeHrefs {
  private readonly hrefs: string[] = [];

  /** Takes the tag's href when it is an `<a>` or `<link>` with the rel token `me`, up to REL_ME_LINKS_READ. */
  add(name: string, attributes: TagAttributes): void {
    const href = attributes.get('href');
    if ((name === 'a' || name === 'link') && href && this.hrefs.length < REL_ME_LINKS_READ && hasRel(attributes, 'me')) {
      this.hrefs.push(href);
    }
  }

  /** The hrefs resolved against the page's base; those that are no address left out. */
  links(base: string): string[] {
    // canParse first: an href that is no address would throw, which costs ten times a parse.
    return this.hrefs.flatMap((href) => (URL.canParse(href.trim(), base) ? [new URL(href.trim(), base).href] : []));
  }
}

/**
 * Whether two addresses name the same page for a rel="me" proof: scheme and host case-insensitive, `http` and
 * `https` alike, default ports and one trailing slash ignored; the path is compared exactly (slugs are case-
 * sensitive), and the query and fragment must be absent from the link, as the public page has none.
 */
export function samePublicPage(link: string, profileUrl: string): boolean {
  const a = comparable(link);
  const b = comparable(profileUrl);
  return a !== null && a === b;
}

function comparable(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.search || url.username || url.password) return null;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : '';
  return `${url.hostname.toLowerCase()}${url.port ? `:${url.port}` : ''}${path}`;
}

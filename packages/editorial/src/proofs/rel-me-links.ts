import { parse } from 'node-html-parser';

/**
 * The targets of every `<a>` and `<link>` whose rel list contains the token `me` (microformats rel-me, as
 * Mastodon's VerifyLinkService reads it), resolved against the page's address. Unresolvable hrefs are left out.
 */
export function relMeLinks(html: string, pageUrl: string): string[] {
  const root = parse(html, { blockTextElements: { script: false, style: false, noscript: false, pre: true } });
  const base = baseOf(root.querySelector('base')?.getAttribute('href'), pageUrl);
  const links: string[] = [];
  for (const element of root.querySelectorAll('a[rel], link[rel]')) {
    const rel = (element.getAttribute('rel') ?? '').toLowerCase().split(/[\s]+/);
    const href = element.getAttribute('href');
    if (!rel.includes('me') || !href) continue;
    try {
      links.push(new URL(href.trim(), base).href);
    } catch {
      // not an address: cannot point back
    }
  }
  return links;
}

function baseOf(href: string | undefined, pageUrl: string): string {
  if (!href) return pageUrl;
  try {
    return new URL(href, pageUrl).href;
  } catch {
    return pageUrl;
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

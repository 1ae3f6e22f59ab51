import { parse, type HTMLElement } from 'node-html-parser';
import { absoluteHttpUrl, documentBase } from './absolute-url';
import { normaliseFediverseAccount } from './fediverse-account';
import { jsonLdAuthors, type MarkupPerson } from './json-ld-authors';
import { MARKUP_LIMITS } from './markup-limits';

export type { MarkupPerson } from './json-ld-authors';

/** What an article page says about who wrote it, read from the markup sites and CMSs publish for that. */
export interface AuthorMarkup {
  /** JSON-LD `author` entries (also inside `@graph`, `@id` references resolved). */
  people: MarkupPerson[];
  /** Targets of `<a>` and `<link>` with the rel token `author`, absolute (the page's `<base>` honoured). */
  relAuthor: string[];
  /** `<meta name="author">` contents, as written. */
  metaAuthor: string[];
  /** `<meta name="fediverse:creator">` accounts as `@user@host`, host lower-cased (Mastodon's author attribution). */
  fediverseCreators: string[];
}

/**
 * The author markup of an article page. Pure: the caller fetched the page. Each list is capped (MARKUP_LIMITS)
 * and malformed entries are left out, so a hostile page yields less markup, never an error.
 */
export function readAuthorMarkup(html: string, pageUrl: string): AuthorMarkup {
  const root = parse(html);
  const base = documentBase(root.querySelector('base[href]')?.getAttribute('href'), pageUrl);
  return {
    people: jsonLdAuthors(root, base),
    relAuthor: relAuthorLinks(root, base),
    metaAuthor: metaContents(root, 'author'),
    fediverseCreators: unique(metaContents(root, 'fediverse:creator').flatMap((value) => normaliseFediverseAccount(value) ?? [])),
  };
}

function relAuthorLinks(root: HTMLElement, base: string): string[] {
  const links: string[] = [];
  for (const element of root.querySelectorAll('a[rel], link[rel]')) {
    const rel = (element.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    const href = element.getAttribute('href');
    if (!rel.includes('author') || !href) continue;
    const link = absoluteHttpUrl(href, base);
    if (link && !links.includes(link)) links.push(link);
    if (links.length >= MARKUP_LIMITS.links) break;
  }
  return links;
}

/** Contents of `<meta name=NAME>`, or `property=NAME` as some templates write it, trimmed, empty ones left out. */
function metaContents(root: HTMLElement, name: string): string[] {
  const values: string[] = [];
  for (const meta of root.querySelectorAll('meta')) {
    const key = (meta.getAttribute('name') ?? meta.getAttribute('property') ?? '').trim().toLowerCase();
    const content = meta.getAttribute('content')?.trim();
    if (key !== name || !content || content.length > MARKUP_LIMITS.valueChars) continue;
    if (!values.includes(content)) values.push(content);
    if (values.length >= MARKUP_LIMITS.links) break;
  }
  return values;
}

const unique = (values: string[]): string[] => [...new Set(values)];

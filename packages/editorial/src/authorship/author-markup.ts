import { hasRel, scanHtml, type TagAttributes } from '../html/scan-html';
import { absoluteHttpUrl, documentBase } from './absolute-url';
import { normaliseFediverseAccount } from './fediverse-account';
import { jsonLdAuthors, type MarkupPerson } from './json-ld-authors';
import { MARKUP_LIMITS } from './markup-limits';

export type { MarkupPerson } from './json-ld-authors';

/** The elements this reader looks at (scanHtml collects no other's attributes). */
const READ_TAGS = new Set(['base', 'meta', 'a', 'link', 'script']);

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
 * The author markup of an article page. Pure: the caller fetched the page. The page is read in one pass
 * (scanHtml, linear in its length whatever its nesting), each list is capped (MARKUP_LIMITS) and malformed entries
 * are left out, so a hostile page yields less markup, never an error.
 */
export function readAuthorMarkup(html: string, pageUrl: string): AuthorMarkup {
  const tags = authorTagsOf(html, pageUrl);
  const base = documentBase(tags.baseHref, pageUrl);
  return {
    people: jsonLdAuthors(tags.jsonLdBlocks, base),
    relAuthor: uniqueLinks(tags.relAuthorHrefs, base),
    metaAuthor: tags.metaAuthor,
    fediverseCreators: unique(tags.fediverseCreators.flatMap((value) => normaliseFediverseAccount(value) ?? [])),
  };
}

/** The tags of the page that carry author markup, as written, each list within its cap. */
interface AuthorTags {
  /** The first `<base href>`'s, which every address on the page resolves against, wherever it stands. */
  baseHref?: string;
  /** JSON-LD blocks of at most the size limit, from the first jsonLdBlocks blocks (a larger one counts, unread). */
  jsonLdBlocks: string[];
  relAuthorHrefs: string[];
  metaAuthor: string[];
  fediverseCreators: string[];
}

function authorTagsOf(html: string, pageUrl: string): AuthorTags {
  const tags: AuthorTags = { jsonLdBlocks: [], relAuthorHrefs: [], metaAuthor: [], fediverseCreators: [] };
  let jsonLdSeen = 0;
  // rel="author" hrefs are kept while they resolve to a new address against the base known so far: the base is
  // only certain at the end, but a `<base>` stands in the head, before the links, so this is what the end gives.
  let baseSoFar = pageUrl;
  const linksSoFar = new Set<string>();
  let relLinksRead = 0;
  const readsMoreLinks = () => linksSoFar.size < MARKUP_LIMITS.links && relLinksRead < MARKUP_LIMITS.relLinksRead;
  scanHtml(html, {
    tags: READ_TAGS,
    openTag(name, attributes) {
      if (name === 'base' && tags.baseHref === undefined && attributes.has('href')) {
        tags.baseHref = attributes.get('href');
        baseSoFar = documentBase(tags.baseHref, pageUrl);
      } else if (name === 'meta') {
        metaContent(attributes, 'author', tags.metaAuthor);
        metaContent(attributes, 'fediverse:creator', tags.fediverseCreators);
      } else if ((name === 'a' || name === 'link') && readsMoreLinks() && hasRel(attributes, 'author')) {
        relLinksRead++;
        const href = attributes.get('href');
        const link = href ? absoluteHttpUrl(href, baseSoFar) : null;
        if (href && link && !linksSoFar.has(link)) {
          linksSoFar.add(link);
          tags.relAuthorHrefs.push(href);
        }
      } else if (name === 'script' && isJsonLd(attributes) && jsonLdSeen++ < MARKUP_LIMITS.jsonLdBlocks) {
        return MARKUP_LIMITS.jsonLdBlockChars;
      }
    },
    elementText(_name, text, whole) {
      if (whole) tags.jsonLdBlocks.push(text);
    },
  });
  return tags;
}

const isJsonLd = (attributes: TagAttributes): boolean =>
  (attributes.get('type') ?? '').trim().toLowerCase().startsWith('application/ld+json');

/** The content of `<meta name=NAME>` (or `property=NAME`, as some templates write it), trimmed, into `values`. */
function metaContent(attributes: TagAttributes, name: string, values: string[]): void {
  const key = (attributes.get('name') ?? attributes.get('property') ?? '').trim().toLowerCase();
  const content = attributes.get('content')?.trim();
  if (key !== name || !content || content.length > MARKUP_LIMITS.valueChars) return;
  if (values.length < MARKUP_LIMITS.links && !values.includes(content)) values.push(content);
}

/** The hrefs resolved against the page's base: http(s) only, duplicates dropped, at most MARKUP_LIMITS.links. */
function uniqueLinks(hrefs: string[], base: string): string[] {
  const links = unique(hrefs.flatMap((href) => absoluteHttpUrl(href, base) ?? []));
  return links.slice(0, MARKUP_LIMITS.links);
}

const unique = (values: string[]): string[] => [...new Set(values)];

import { hasRel, scanHtml } from '../html/scan-html';
import { absoluteHttpUrl, documentBase } from './absolute-url';
import { AuthorElements, type CardAuthor } from './author-elements';
import { addMetaAuthor, emptyMetaAuthors, type MetaAuthors } from './author-meta-tags';
import { normaliseFediverseAccount } from './fediverse-account';
import { JsonLdBlocks, jsonLdAuthors, type MarkupPerson } from './json-ld-authors';
import { MARKUP_LIMITS } from './markup-limits';

export type { MarkupPerson } from './json-ld-authors';

/**
 * What an article page says about who wrote it, read from the markup sites and CMSs publish for that. Names are
 * mentions; links are what can prove (see match-authorship.ts).
 */
export interface AuthorMarkup {
  /**
   * Authors given as structured data: JSON-LD `author` (or `creator`) entries (also inside `@graph`, `@id`
   * references resolved), then microdata `itemprop="author"`, RDFa `property="author"` and authors' hCards, in the
   * page's order. `source` says which.
   */
  people: MarkupPerson[];
  /** Targets of `<a>` and `<link>` with the rel token `author`, absolute (the page's `<base>` honoured). */
  relAuthor: string[];
  /** `<meta name="author">` contents, as written. */
  metaAuthor: string[];
  /**
   * The other names the page's head gives its writer, as written: `parsely-author`, the `parsely-page` JSON's author,
   * `sailthru.author`, `dc.creator`, the NYT's `byl` ("By Jane Doe"), Open Graph `article:author` values that are not
   * addresses.
   */
  bylineNames: string[];
  /**
   * The texts of byline elements in the page's body (class "byline", "author-name", …) and of rel="author" links, as
   * laid out (a line per block: "By Jane Doe\nMarch 3, 2025"). Kept apart from the names above: a page may also list
   * other articles with their bylines, so these are the weakest names.
   */
  bylineTexts: string[];
  /** Open Graph `article:author` values that are addresses, absolute. */
  openGraphAuthors: string[];
  /** The links in byline elements (and byline elements that are links), absolute; none to the page itself. */
  bylineLinks: string[];
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
  const { cards, bylineTexts, bylineHrefs } = tags.body.found;
  return {
    people: [...jsonLdAuthors(tags.jsonLd.texts, base), ...cards.flatMap((card) => personOf(card, base))].slice(
      0,
      MARKUP_LIMITS.people,
    ),
    relAuthor: uniqueLinks(tags.relAuthorHrefs, base),
    metaAuthor: tags.meta.metaAuthor,
    bylineNames: tags.meta.names,
    bylineTexts,
    openGraphAuthors: uniqueLinks(tags.meta.openGraph, base),
    bylineLinks: uniqueLinks(bylineHrefs, base).filter((link) => !samePage(link, pageUrl)),
    fediverseCreators: unique(tags.meta.fediverseCreators.flatMap((value) => normaliseFediverseAccount(value) ?? [])),
  };
}

/** The tags of the page that carry author markup, as written, each list within its cap. */
interface AuthorTags {
  /** The first `<base href>`'s, which every address on the page resolves against, wherever it stands. */
  baseHref?: string;
  jsonLd: JsonLdBlocks;
  relAuthorHrefs: string[];
  meta: MetaAuthors;
  body: AuthorElements;
}

function authorTagsOf(html: string, pageUrl: string): AuthorTags {
  const tags: AuthorTags = {
    jsonLd: new JsonLdBlocks(),
    relAuthorHrefs: [],
    meta: emptyMetaAuthors(),
    body: new AuthorElements(),
  };
  // rel="author" hrefs are kept while they resolve to a new address against the base known so far: the base is
  // only certain at the end, but a `<base>` stands in the head, before the links, so this is what the end gives.
  let baseSoFar = pageUrl;
  const linksSoFar = new Set<string>();
  let relLinksRead = 0;
  const readsMoreLinks = () => linksSoFar.size < MARKUP_LIMITS.links && relLinksRead < MARKUP_LIMITS.relLinksRead;
  scanHtml(html, {
    // Every element: a byline's class, an itemprop or an RDFa property may stand on any.
    tags: 'all',
    openTag(name, attributes) {
      if (name === 'base' && tags.baseHref === undefined && attributes.has('href')) {
        tags.baseHref = attributes.get('href');
        baseSoFar = documentBase(tags.baseHref, pageUrl);
      } else if (name === 'meta') {
        addMetaAuthor(attributes, tags.meta);
      } else if ((name === 'a' || name === 'link') && readsMoreLinks() && hasRel(attributes, 'author')) {
        relLinksRead++;
        const href = attributes.get('href');
        const link = href ? absoluteHttpUrl(href, baseSoFar) : null;
        if (href && link && !linksSoFar.has(link)) {
          linksSoFar.add(link);
          tags.relAuthorHrefs.push(href);
        }
      } else if (name === 'script') {
        return tags.jsonLd.ask(attributes);
      }
      // An element without attributes has no class, property or link: nothing the body's forms read.
      return attributes.size ? tags.body.openTag(name, attributes) : undefined;
    },
    elementText: (_name, text, whole) => tags.jsonLd.add(text, whole),
  });
  return tags;
}

/** An author card as a person: its links resolved against the page's base (http(s) only, at most MARKUP_LIMITS.links). */
function personOf(card: CardAuthor, base: string): MarkupPerson[] {
  const urls = uniqueLinks(card.hrefs, base);
  if (card.name === undefined && !urls.length) return [];
  return [card.name === undefined ? { urls, source: card.source } : { name: card.name, urls, source: card.source }];
}

/** The hrefs resolved against the page's base: http(s) only, duplicates dropped, at most MARKUP_LIMITS.links. */
function uniqueLinks(hrefs: string[], base: string): string[] {
  const links = unique(hrefs.flatMap((href) => absoluteHttpUrl(href, base) ?? []));
  return links.slice(0, MARKUP_LIMITS.links);
}

/** Whether a link leads to the page itself (`#comments`, a link to its own address): no author's page. */
function samePage(link: string, pageUrl: string): boolean {
  const page = absoluteHttpUrl(pageUrl, pageUrl) ?? pageUrl;
  return link.split('#')[0] === page.split('#')[0];
}

const unique = (values: string[]): string[] => [...new Set(values)];

import { scanHtml } from '../html/scan-html';
import { relMeLinks } from '../proofs/rel-me-links';
import { absoluteHttpUrl, documentBase } from './absolute-url';
import { jsonLdPeople } from './json-ld-authors';
import { MARKUP_LIMITS } from './markup-limits';

/** The elements this reader looks at (scanHtml collects no other's attributes). */
const READ_TAGS = new Set(['base', 'script']);

/**
 * The addresses a site's author page gives as the writer's own (Google's ProfilePage guidance): its rel="me" links
 * and the `url` and `sameAs` of the Person its JSON-LD describes, absolute, duplicates dropped, at most twice
 * MARKUP_LIMITS.links. Pure: the caller fetched the page. Read in linear passes, so a hostile page yields fewer
 * links, never an error.
 */
export function authorPageLinks(html: string, pageUrl: string): string[] {
  let baseHref: string | undefined;
  const blocks: string[] = [];
  let blocksSeen = 0;
  scanHtml(html, {
    tags: READ_TAGS,
    openTag(name, attributes) {
      if (name === 'base' && baseHref === undefined && attributes.has('href')) baseHref = attributes.get('href');
      const jsonLd = (attributes.get('type') ?? '').trim().toLowerCase().startsWith('application/ld+json');
      if (name === 'script' && jsonLd && blocksSeen++ < MARKUP_LIMITS.jsonLdBlocks) return MARKUP_LIMITS.jsonLdBlockChars;
    },
    elementText(_name, text, whole) {
      if (whole) blocks.push(text);
    },
  });
  const base = documentBase(baseHref, pageUrl);
  const fromJsonLd = jsonLdPeople(blocks, base).flatMap((person) => person.urls);
  const fromRelMe = relMeLinks(html, pageUrl).flatMap((link) => absoluteHttpUrl(link, base) ?? []);
  return [...new Set([...fromRelMe, ...fromJsonLd])].slice(0, 2 * MARKUP_LIMITS.links);
}

import { scanHtml } from '../html/scan-html';
import { RelMeHrefs } from '../proofs/rel-me-links';
import { absoluteHttpUrl, documentBase } from './absolute-url';
import { JsonLdBlocks, jsonLdPeople } from './json-ld-authors';
import { MARKUP_LIMITS } from './markup-limits';

/** The elements this reader looks at (scanHtml collects no other's attributes). */
const READ_TAGS = new Set(['base', 'script', 'a', 'link']);

/**
 * The addresses a site's author page gives as the writer's own (Google's ProfilePage guidance): its rel="me" links
 * and the `url` and `sameAs` of the Person its JSON-LD describes, absolute, duplicates dropped, at most twice
 * MARKUP_LIMITS.links. Pure: the caller fetched the page. Read in one linear pass, so a hostile page yields fewer
 * links, never an error.
 */
export function authorPageLinks(html: string, pageUrl: string): string[] {
  let baseHref: string | undefined;
  const jsonLd = new JsonLdBlocks();
  const relMe = new RelMeHrefs();
  scanHtml(html, {
    tags: READ_TAGS,
    openTag(name, attributes) {
      if (name === 'base' && baseHref === undefined && attributes.has('href')) baseHref = attributes.get('href');
      relMe.add(name, attributes);
      return name === 'script' ? jsonLd.ask(attributes) : undefined;
    },
    elementText: (_name, text, whole) => jsonLd.add(text, whole),
  });
  const base = documentBase(baseHref, pageUrl);
  const fromJsonLd = jsonLdPeople(jsonLd.texts, base).flatMap((person) => person.urls);
  const fromRelMe = relMe.links(base).flatMap((link) => absoluteHttpUrl(link, base) ?? []);
  return [...new Set([...fromRelMe, ...fromJsonLd])].slice(0, 2 * MARKUP_LIMITS.links);
}

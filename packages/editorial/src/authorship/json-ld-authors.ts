import type { TagAttributes } from '../html/scan-html';
import { MARKUP_LIMITS } from './markup-limits';
import { absoluteHttpUrl } from './absolute-url';

/**
 * A person (or organisation) a page's structured markup names as an author: the name, and the links given for them.
 * `source` says which markup: JSON-LD, microdata (`itemprop="author"`), RDFa (`property="author"`) or an hCard.
 */
export interface MarkupPerson {
  name?: string;
  /** The `url` and `sameAs` addresses (or the card's links), absolute, http(s) only, duplicates dropped. */
  urls: string[];
  source: 'json-ld' | 'microdata' | 'rdfa' | 'hcard';
}

type LdNode = Record<string, unknown>;

/**
 * A page's JSON-LD blocks as a scan meets its `<script>` tags: the first MARKUP_LIMITS.jsonLdBlocks of them, each
 * read whole up to jsonLdBlockChars (a larger one counts, unread).
 */
export class JsonLdBlocks {
  readonly texts: string[] = [];
  private seen = 0;

  /** openTag's answer for a `<script>`: the characters to read when it is one of the blocks read, else nothing. */
  ask(attributes: TagAttributes): number | undefined {
    const jsonLd = (attributes.get('type') ?? '').trim().toLowerCase().startsWith('application/ld+json');
    return jsonLd && this.seen++ < MARKUP_LIMITS.jsonLdBlocks ? MARKUP_LIMITS.jsonLdBlockChars : undefined;
  }

  /** elementText's: a block read whole is kept. */
  add(text: string, whole: boolean): void {
    if (whole) this.texts.push(text);
  }
}

const isNode = (value: unknown): value is LdNode => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The authors named by the page's JSON-LD blocks (their text, each within the size limit). Every item with an
 * `author` counts, whatever its type (NewsArticle, BlogPosting, a WebPage that names its writer), since sites type
 * their articles inconsistently; an item without one counts its `creator` (Dublin Core's word, which some CMSs write
 * instead), unless it is an image or other media, whose creator is the photographer. An author may be a name, an
 * object (Person, Organization), a list of either, or an `@id` reference to a node elsewhere in the block (Yoast and
 * other SEO plugins put the Person in `@graph` and refer to it, often with its name beside the `@id`). A block that is
 * not JSON, or that fails to read, is skipped: one broken plugin must not hide the rest of the page.
 */
export function jsonLdAuthors(blocks: readonly string[], base: string): MarkupPerson[] {
  const people: MarkupPerson[] = [];
  const seen = new Set<string>();
  for (const text of blocks) {
    try {
      if (addAuthorsOf(JSON.parse(text), base, people, seen)) break;
    } catch {
      // not JSON, or nothing that could be read: the next block still counts
    }
  }
  return people;
}

/**
 * The people an author page's JSON-LD describes: every Person node (a ProfilePage's `mainEntity`, a Person in
 * `@graph`, or the block itself), with its `url` and `sameAs` addresses: where a site lists a writer's own accounts.
 */
export function jsonLdPeople(blocks: readonly string[], base: string): MarkupPerson[] {
  const people: MarkupPerson[] = [];
  for (const text of blocks) {
    try {
      const nodes = collectNodes(JSON.parse(text));
      const byId = indexById(nodes);
      for (const node of nodes.filter(isPerson)) {
        const { name, urls } = personOf(node, byId, base);
        if (urls.length) people.push(name ? { name, urls, source: 'json-ld' } : { urls, source: 'json-ld' });
        if (people.length >= MARKUP_LIMITS.people) return people;
      }
    } catch {
      // not JSON, or nothing that could be read: the next block still counts
    }
  }
  return people;
}

const isPerson = (node: LdNode): boolean => {
  const type = node['@type'];
  return type === 'Person' || (Array.isArray(type) && type.includes('Person'));
};

/** Adds the block's authors not seen yet to `people`; true once the people limit is reached. */
function addAuthorsOf(data: unknown, base: string, people: MarkupPerson[], seen: Set<string>): boolean {
  const nodes = collectNodes(data);
  const byId = indexById(nodes);
  for (const node of nodes) {
    const credited = 'author' in node ? node.author : 'creator' in node && !isMedia(node) ? node.creator : undefined;
    if (credited === undefined) continue;
    for (const person of peopleIn(credited, byId, base)) {
      const key = JSON.stringify([person.name, person.urls]);
      if (seen.has(key)) continue;
      seen.add(key);
      people.push(person);
      if (people.length >= MARKUP_LIMITS.people) return true;
    }
  }
  return false;
}

/** Every object in the block, nested ones and `@graph` members included, within the node and depth limits. */
function collectNodes(data: unknown): LdNode[] {
  const nodes: LdNode[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (depth > MARKUP_LIMITS.jsonLdDepth || nodes.length >= MARKUP_LIMITS.jsonLdNodes) return;
    if (Array.isArray(value)) {
      for (const item of value) {
        if (nodes.length >= MARKUP_LIMITS.jsonLdNodes) return;
        visit(item, depth + 1);
      }
    } else if (isNode(value)) {
      nodes.push(value);
      for (const child of Object.values(value)) if (typeof child === 'object') visit(child, depth + 1);
    }
  };
  visit(data, 0);
  return nodes;
}

/** Types whose `creator` made the media, not the article it illustrates. */
const MEDIA_TYPES = new Set(['ImageObject', 'VideoObject', 'AudioObject', 'MediaObject', 'Photograph']);

const isMedia = (node: LdNode): boolean => {
  const type = node['@type'];
  return (Array.isArray(type) ? type : [type]).some((one) => typeof one === 'string' && MEDIA_TYPES.has(one));
};

/**
 * Nodes by `@id`, the definition of each: of the nodes with that `@id`, a typed one before an untyped one, then the
 * one that says most. A reference is not a definition, so it never hides the node it names: not a bare one
 * (`{"@id": …}`), and not a named one (`{"name": …, "@id": …}`, as Yoast writes an article's author), which would
 * otherwise, coming first in the block, stand for the Person and lose its `url` and `sameAs`.
 */
function indexById(nodes: LdNode[]): Map<string, LdNode> {
  const byId = new Map<string, { node: LdNode; weight: number }>();
  for (const node of nodes) {
    const id = node['@id'];
    const keys = Object.keys(node).length;
    if (typeof id !== 'string' || keys < 2) continue;
    const weight = ('@type' in node ? MARKUP_LIMITS.jsonLdNodes : 0) + keys;
    if (weight > (byId.get(id)?.weight ?? 0)) byId.set(id, { node, weight });
  }
  return new Map([...byId].map(([id, { node }]) => [id, node]));
}

function peopleIn(value: unknown, byId: Map<string, LdNode>, base: string): MarkupPerson[] {
  const values = (Array.isArray(value) ? value : [value]).slice(0, MARKUP_LIMITS.people);
  const people: MarkupPerson[] = [];
  for (const item of values) {
    const person = typeof item === 'string' ? { name: text(item), urls: [] } : isNode(item) ? personOf(item, byId, base) : null;
    if (person && (person.name || person.urls.length)) {
      people.push(
        person.name ? { name: person.name, urls: person.urls, source: 'json-ld' } : { urls: person.urls, source: 'json-ld' },
      );
    }
  }
  return people;
}

function personOf(node: LdNode, byId: Map<string, LdNode>, base: string): { name?: string; urls: string[] } {
  const id = node['@id'];
  // What the reference itself says wins over the node it names; the node fills in the rest.
  const full = typeof id === 'string' && byId.has(id) ? { ...byId.get(id), ...node } : node;
  const name = text(full.name) ?? joinedName(full);
  const urls = [...new Set([...addresses(full.url, base), ...addresses(full.sameAs, base)])].slice(0, MARKUP_LIMITS.links);
  return { name, urls };
}

/**
 * A name as JSON-LD writes it: a string, a `{"@value": …}`, or a list whose first entry is one of those. Only those
 * two levels are unwrapped: a name nested deeper is no name, and following it could exhaust the stack.
 */
function text(value: unknown, depth = 0): string | undefined {
  if (depth < 2 && Array.isArray(value)) return text(value[0], depth + 1);
  if (depth < 2 && isNode(value)) return text(value['@value'], depth + 1);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= MARKUP_LIMITS.valueChars ? trimmed : undefined;
}

function joinedName(node: LdNode): string | undefined {
  const parts = [text(node.givenName), text(node.familyName)].filter(Boolean);
  return parts.length ? parts.join(' ') : undefined;
}

function addresses(value: unknown, base: string): string[] {
  const list = (Array.isArray(value) ? value : [value]).slice(0, MARKUP_LIMITS.links);
  return list.flatMap((item) => {
    const address = typeof item === 'string' ? item : isNode(item) ? (item['@id'] ?? item.url) : undefined;
    const absolute = typeof address === 'string' ? absoluteHttpUrl(address, base) : null;
    return absolute ? [absolute] : [];
  });
}

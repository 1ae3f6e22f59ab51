import type { TagAttributes } from '../html/scan-html';
import { MARKUP_LIMITS } from './markup-limits';

/** What a page's `<meta>` tags say about who wrote it, as written, each list within MARKUP_LIMITS.links. */
export interface MetaAuthors {
  /** `<meta name="author">`. */
  metaAuthor: string[];
  /** Names from the other meta forms (see META_NAMES), and Open Graph `article:author` values that are no address. */
  names: string[];
  /** Open Graph `article:author` values that are addresses (a profile page, often Facebook's). */
  openGraph: string[];
  /** `<meta name="fediverse:creator">`, not yet normalised. */
  fediverseCreators: string[];
}

export const emptyMetaAuthors = (): MetaAuthors => ({ metaAuthor: [], names: [], openGraph: [], fediverseCreators: [] });

/**
 * Meta names whose content names the writer, lower-cased (names are case-insensitive, and `DC.creator` is written in
 * both cases): Parse.ly's, Sailthru's, Dublin Core's (as a name, and as an RDFa property), and the NYT's `byl`, which
 * writes the whole byline ("By Jane Doe": the name matcher drops the "By").
 */
const META_NAMES = new Set([
  'parsely-author',
  'sailthru.author',
  'dc.creator',
  'dcterms.creator',
  'dc:creator',
  'dcterms:creator',
  'schema:author',
  'byl',
]);

/**
 * Adds what one `<meta>` says about the writer to `into`. The key is its `name`, or its `property` as Open Graph and
 * some templates write it. Values longer than a name or an address can be are left out.
 */
export function addMetaAuthor(attributes: TagAttributes, into: MetaAuthors): void {
  const key = (attributes.get('name') ?? attributes.get('property') ?? '').trim().toLowerCase();
  const content = attributes.get('content')?.trim();
  if (!key || !content || key.length > LONGEST_KEY) return;
  // RDFa allows several properties in one (`property="dc:creator twitter:site_name"`); a name is one word anyway.
  for (const one of key.split(/\s+/)) addMetaValue(one, content, into);
}

/** A meta key longer than this is none of those read here. */
const LONGEST_KEY = 200;

function addMetaValue(key: string, content: string, into: MetaAuthors): void {
  if (key === 'parsely-page') return addAll(into.names, parselyPageAuthors(content));
  if (content.length > MARKUP_LIMITS.valueChars) return;
  if (key === 'author') add(into.metaAuthor, content);
  else if (key === 'fediverse:creator') add(into.fediverseCreators, content);
  else if (OPEN_GRAPH_AUTHOR.has(key)) add(/^https?:\/\//i.test(content) ? into.openGraph : into.names, content);
  else if (META_NAMES.has(key)) add(into.names, content);
}

/** Open Graph's article author, and the prefixed form some sites write. */
const OPEN_GRAPH_AUTHOR = new Set(['article:author', 'og:article:author']);

/** The `author` (or `authors`) of Parse.ly's older `parsely-page` meta, a JSON object: names, as written. */
function parselyPageAuthors(content: string): string[] {
  if (content.length > MARKUP_LIMITS.metaJsonChars) return [];
  let page: unknown;
  try {
    page = JSON.parse(content);
  } catch {
    return [];
  }
  if (typeof page !== 'object' || page === null) return [];
  const { author, authors } = page as { author?: unknown; authors?: unknown };
  return [author, authors]
    .flatMap((value) => (Array.isArray(value) ? value : [value]))
    .flatMap((value) => (typeof value === 'string' && value.trim() ? [value.trim()] : []));
}

function add(values: string[], value: string): void {
  if (values.length < MARKUP_LIMITS.links && value.length <= MARKUP_LIMITS.valueChars && !values.includes(value))
    values.push(value);
}

function addAll(values: string[], more: string[]): void {
  for (const value of more) add(values, value);
}

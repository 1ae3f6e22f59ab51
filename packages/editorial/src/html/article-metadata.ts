import { scanHtml, type TagAttributes } from './scan-html';
import { MARKUP_LIMITS } from '../authorship/markup-limits';

/** The elements this reader looks at (scanHtml collects no other's attributes). */
const READ_TAGS = new Set(['meta', 'link', 'time', 'title', 'script']);

export interface ArticleMetadata {
  title: string;
  description: string;
  og_image: string;
  icon_path: string;
  /** ISO 8601 UTC, or '' when the page does not say. */
  published_at: string;
  tag_list: string[];
}

type JsonLd = Record<string, unknown>;

const ARTICLE_TYPES =
  /^(NewsArticle|Article|ReportageNewsArticle|AnalysisNewsArticle|OpinionNewsArticle|BlogPosting|ReviewNewsArticle|BackgroundNewsArticle)$/;

/** Adds a `<meta>`'s content under its property (or name, or itemprop), lower-cased; the first of a key comes first. */
function addMetaValue(values: Map<string, string[]>, attributes: TagAttributes): void {
  const key = (attributes.get('property') ?? attributes.get('name') ?? attributes.get('itemprop') ?? '').toLowerCase();
  const content = attributes.get('content')?.trim();
  if (!key || !content) return;
  const list = values.get(key);
  if (!list) values.set(key, [content]);
  // A page repeats a key a few times (article:tag); thousands are no one's metadata and are not kept.
  else if (list.length < MARKUP_LIMITS.links) list.push(content);
}

/**
 * The items of a JSON-LD block, `@graph` members and array entries included, into `out`. Iterative and as deep as
 * the authors' reader goes (MARKUP_LIMITS.jsonLdDepth), so a deeply nested block cannot exhaust the stack.
 */
function flattenLd(data: unknown, out: JsonLd[]): void {
  const pending: [unknown, number][] = [[data, 0]];
  while (pending.length > 0 && out.length < MARKUP_LIMITS.jsonLdNodes) {
    const [node, depth] = pending.pop()!;
    if (depth > MARKUP_LIMITS.jsonLdDepth) continue;
    // Pushed in reverse, so that items are taken in the order the block writes them.
    if (Array.isArray(node)) for (let i = node.length - 1; i >= 0; i--) pending.push([node[i], depth + 1]);
    else if (node && typeof node === 'object') {
      out.push(node as JsonLd);
      if ('@graph' in node) pending.push([(node as JsonLd)['@graph'], depth + 1]);
    }
  }
}

/** The first JSON-LD item typed as a news article (or article, blog posting), among the page's blocks' texts. */
function articleLd(blocks: string[]): JsonLd | undefined {
  const items: JsonLd[] = [];
  for (const block of blocks) {
    try {
      flattenLd(JSON.parse(block), items);
    } catch {
      // A broken block on the page is skipped; the other sources still count.
    }
  }
  return items.find((item) => {
    const type = item['@type'];
    return (Array.isArray(type) ? type : [type]).some((t) => typeof t === 'string' && ARTICLE_TYPES.test(t));
  });
}

/**
 * A JSON-LD value as text: a string, the first entry of a list, or an object's `url` (an ImageObject). Unwrapped
 * a few levels at most, in a loop: a value nested deeper is no one's headline, and following it could take long.
 */
function ldText(value: unknown): string {
  let current = value;
  for (let level = 0; level < 4; level++) {
    if (typeof current === 'string') return current.trim();
    if (Array.isArray(current)) current = current[0];
    else if (current && typeof current === 'object' && 'url' in current) current = (current as JsonLd).url;
    else return '';
  }
  return typeof current === 'string' ? current.trim() : '';
}

function ldKeywords(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string') return value.split(',');
  return [];
}

function absolute(address: string, base: string): string {
  if (!address) return '';
  try {
    const url = new URL(address, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
  } catch {
    return '';
  }
}

function isoDate(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** The rel values an icon link may have, best first; any other rel holding the token `icon` comes after them. */
const ICON_RELS = ['icon', 'shortcut icon', 'apple-touch-icon'];

/** The first `<link>` href of each icon rel (ICON_RELS, then `any`), as written: a page has a handful. */
function addIconLink(icons: Map<string, string>, attributes: TagAttributes): void {
  const rel = attributes.get('rel');
  const href = attributes.get('href');
  if (rel === undefined || href === undefined) return;
  const normal = rel.toLowerCase().split(/\s+/).join(' ');
  if (ICON_RELS.includes(normal) && !icons.has(normal)) icons.set(normal, href);
  if (/(^|\s)icon(\s|$)/i.test(rel) && !icons.has('any')) icons.set('any', href);
}

function iconOf(icons: Map<string, string>, base: string): string {
  for (const rel of ICON_RELS) {
    const href = icons.has(rel) ? absolute(icons.get(rel)!, base) : '';
    if (href) return href;
  }
  return icons.has('any') ? absolute(icons.get('any')!, base) : absolute('/favicon.ico', base);
}

/** What the metadata is read from, kept in one pass over the page (scanHtml): linear in its length, never an error. */
interface MetadataTags {
  meta: Map<string, string[]>;
  jsonLdBlocks: string[];
  icons: Map<string, string>;
  title?: string;
  /** The first `<time datetime>`'s. */
  time?: string;
}

function metadataTagsOf(html: string): MetadataTags {
  const tags: MetadataTags = { meta: new Map(), jsonLdBlocks: [], icons: new Map() };
  let jsonLdSeen = 0;
  scanHtml(html, {
    tags: READ_TAGS,
    openTag(name, attributes) {
      if (name === 'meta') addMetaValue(tags.meta, attributes);
      else if (name === 'link') addIconLink(tags.icons, attributes);
      else if (name === 'time' && tags.time === undefined && attributes.has('datetime')) tags.time = attributes.get('datetime');
      else if (name === 'title' && tags.title === undefined) return MARKUP_LIMITS.valueChars;
      else if (
        name === 'script' &&
        attributes.get('type')?.trim().toLowerCase() === 'application/ld+json' &&
        jsonLdSeen++ < MARKUP_LIMITS.jsonLdBlocks
      )
        return MARKUP_LIMITS.jsonLdBlockChars;
    },
    elementText(name, text, whole) {
      if (name === 'title') tags.title ??= text;
      else if (whole) tags.jsonLdBlocks.push(text);
    },
  });
  return tags;
}

const first = (...candidates: (string | undefined)[]) => candidates.find((c) => c && c.trim())?.trim() ?? '';

/** Title, description, image, icon, date and tags from Open Graph, JSON-LD (NewsArticle/Article) and meta tags, in that order. */
export function extractArticleMetadata(html: string, pageUrl: string): ArticleMetadata {
  const page = metadataTagsOf(html);
  const meta = page.meta;
  const one = (key: string) => meta.get(key)?.[0];
  const ld = articleLd(page.jsonLdBlocks) ?? {};
  const tags =
    meta.get('article:tag') ??
    (ld.keywords ? ldKeywords(ld.keywords) : (one('keywords') ?? one('news_keywords') ?? '').split(','));
  return {
    title: first(one('og:title'), ldText(ld.headline), ldText(ld.name), one('twitter:title'), page.title),
    description: first(one('og:description'), ldText(ld.description), one('description'), one('twitter:description')),
    og_image: absolute(first(one('og:image:secure_url'), one('og:image'), ldText(ld.image), one('twitter:image')), pageUrl),
    icon_path: iconOf(page.icons, pageUrl),
    published_at: isoDate(
      first(
        one('article:published_time'),
        ldText(ld.datePublished),
        one('og:published_time'),
        one('datepublished'),
        one('pubdate'),
        one('publish-date'),
        one('parsely-pub-date'),
        one('dc.date'),
        one('date'),
        page.time,
      ),
    ),
    tag_list: [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))].slice(0, 30),
  };
}

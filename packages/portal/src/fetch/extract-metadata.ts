import { parse, type HTMLElement } from 'node-html-parser';

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

function metaValues(root: HTMLElement): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (const meta of root.querySelectorAll('meta')) {
    const key = (meta.getAttribute('property') ?? meta.getAttribute('name') ?? meta.getAttribute('itemprop') ?? '').toLowerCase();
    const content = meta.getAttribute('content')?.trim();
    if (!key || !content) continue;
    values.set(key, [...(values.get(key) ?? []), content]);
  }
  return values;
}

function flattenLd(node: unknown, out: JsonLd[]): void {
  if (Array.isArray(node)) node.forEach((item) => flattenLd(item, out));
  else if (node && typeof node === 'object') {
    out.push(node as JsonLd);
    if ('@graph' in node) flattenLd((node as JsonLd)['@graph'], out);
  }
}

/** The first JSON-LD item typed as a news article (or article, blog posting). */
function articleLd(root: HTMLElement): JsonLd | undefined {
  const items: JsonLd[] = [];
  for (const script of root.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      flattenLd(JSON.parse(script.rawText), items);
    } catch {
      // A broken block on the page is skipped; the other sources still count.
    }
  }
  return items.find((item) => {
    const type = item['@type'];
    return (Array.isArray(type) ? type : [type]).some((t) => typeof t === 'string' && ARTICLE_TYPES.test(t));
  });
}

function ldText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return ldText(value[0]);
  if (value && typeof value === 'object' && 'url' in value) return ldText((value as JsonLd).url);
  return '';
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

function iconOf(root: HTMLElement, base: string): string {
  const links = root.querySelectorAll('link[rel][href]');
  const rels = ['icon', 'shortcut icon', 'apple-touch-icon'];
  for (const rel of rels) {
    const link = links.find((l) => (l.getAttribute('rel') ?? '').toLowerCase().split(/\s+/).join(' ') === rel);
    const href = link ? absolute(link.getAttribute('href') ?? '', base) : '';
    if (href) return href;
  }
  const any = links.find((l) => /(^|\s)icon(\s|$)/i.test(l.getAttribute('rel') ?? ''));
  return any ? absolute(any.getAttribute('href') ?? '', base) : absolute('/favicon.ico', base);
}

const first = (...candidates: (string | undefined)[]) => candidates.find((c) => c && c.trim())?.trim() ?? '';

/** Title, description, image, icon, date and tags from Open Graph, JSON-LD (NewsArticle/Article) and meta tags, in that order. */
export function extractArticleMetadata(html: string, pageUrl: string): ArticleMetadata {
  const root = parse(html);
  const meta = metaValues(root);
  const one = (key: string) => meta.get(key)?.[0];
  const ld = articleLd(root) ?? {};
  const tags =
    meta.get('article:tag') ??
    (ld.keywords ? ldKeywords(ld.keywords) : (one('keywords') ?? one('news_keywords') ?? '').split(','));
  return {
    title: first(one('og:title'), ldText(ld.headline), ldText(ld.name), one('twitter:title'), root.querySelector('title')?.text),
    description: first(one('og:description'), ldText(ld.description), one('description'), one('twitter:description')),
    og_image: absolute(first(one('og:image:secure_url'), one('og:image'), ldText(ld.image), one('twitter:image')), pageUrl),
    icon_path: iconOf(root, pageUrl),
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
        root.querySelector('time[datetime]')?.getAttribute('datetime'),
      ),
    ),
    tag_list: [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))].slice(0, 30),
  };
}

import { scanHtml } from '../html/scan-html';

/** The elements this reader looks at (scanHtml collects no other's attributes). */
const READ_TAGS = new Set(['title', 'meta']);

/** What an article page says of itself in its head: its title, and its meta values by name. */
export interface PageHead {
  /** The first `<title>`'s text, trimmed ('' when there is none). */
  title: string;
  /** The content of the first `<meta property=NAME>` (or `name=NAME`), trimmed ('' when there is none). */
  meta(name: string): string;
}

/** Characters of a title kept: longer ones are cut when stored anyway (at 300). */
const TITLE_CHARS = 10_000;

/** The page's title and meta values, read in one pass (scanHtml): a hostile page yields less, never an error. */
export function readPageHead(html: string): PageHead {
  let title: string | undefined;
  const metas = new Map<string, string>();
  scanHtml(html, {
    tags: READ_TAGS,
    openTag(name, attributes) {
      if (name === 'title' && title === undefined) return TITLE_CHARS;
      if (name !== 'meta') return;
      const key = (attributes.get('property') ?? attributes.get('name') ?? '').toLowerCase();
      // The first meta of a name counts, as a reader of the page would take it.
      if (key && !metas.has(key)) metas.set(key, attributes.get('content')?.trim() ?? '');
    },
    elementText(_name, text) {
      title ??= text.trim();
    },
  });
  return { title: title ?? '', meta: (name) => metas.get(name) ?? '' };
}

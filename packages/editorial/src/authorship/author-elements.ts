import { hasRel, type TagAttributes, type TextRequest } from '../html/scan-html';
import { MARKUP_LIMITS } from './markup-limits';

/** Which markup of the page's body an author card comes from. */
export type CardSource = 'microdata' | 'rdfa' | 'hcard';

/** An author as a card in the page's body gives them: a name, and addresses as written (resolved later). */
export interface CardAuthor {
  name?: string;
  hrefs: string[];
  source: CardSource;
}

/** What the elements of a page's body say about who wrote it, as written. */
export interface BodyAuthors {
  /** Microdata `itemprop="author"`, RDFa `property="author"` and hCards of authors, in the page's order. */
  cards: CardAuthor[];
  /** The texts of byline elements (class "byline", "author-name", …), as laid out: one line per block. */
  bylineTexts: string[];
  /** The hrefs of the links in byline elements (and of byline elements that are links). */
  bylineHrefs: string[];
}

/** An author card whose element is still open: its nested name and links are read into it. */
interface OpenCard extends CardAuthor {
  /** Its element's own text is its name when no nested element gives one (an hCard's implied name, an `<a>`'s). */
  textIsName: boolean;
}

type TextHandler = (text: string, whole: boolean) => void;
type Ask = (limit: number, handler: TextHandler) => void;

/** What an element's attributes say, read once per element: its class tokens, microdata and RDFa property names. */
interface Element {
  name: string;
  attributes: TagAttributes;
  classes: string[];
  microdata: string[];
  rdfa: string[];
}

/**
 * Elements that are never a byline, whatever their class: the page's frame (WordPress writes "author" among the
 * body's classes on an author's archive), and elements whose content is not text.
 */
const NEVER_BYLINES = new Set([
  'html',
  'head',
  'body',
  'main',
  'article',
  'script',
  'style',
  'title',
  'textarea',
  'xmp',
  'template',
]);

/** Class words that make an element a byline: the "author" of "author-name", "article-author", "c-byline__author". */
const AUTHOR_WORDS = new Set(['author', 'authors', 'autor', 'autore', 'auteur']);

/** Class words of the comments and their authors, never the article's: "comment", "comment-author", "comments-area". */
const COMMENT_WORDS = new Set(['comment', 'comments', 'commentlist']);

/** A class attribute longer than this is no real class list: it is not read. */
const LONGEST_CLASS = 1_000;

/**
 * Reads, element by element (scanHtml's openTag), the author forms a page writes in its body: microdata
 * (`itemprop="author"`, with nested `name` and `url`/`sameAs`, also on `<meta>` and `<a href>`), RDFa
 * (`property="author"`, `schema:author`, `dc:creator`, with `href`/`resource`/`content` or nested `name` and `url`),
 * hCards of authors (`vcard`/`h-card` with `fn`/`p-name` and `url`/`u-url`, that are an author's: classed "author"
 * too, or inside a byline or an author card), and byline elements (a class with "byline" in it, or with the word
 * "author") with the links inside them.
 *
 * Where an element ends is known from its text request (scanHtml calls it back at the end, and never later), so the
 * reader knows what it is inside without a tree. Nothing inside a comment counts: a commenter's link is not the
 * article's byline, and a journalist who comments on someone else's article must not be taken for its author.
 */
export class AuthorElements {
  readonly found: BodyAuthors = { cards: [], bylineTexts: [], bylineHrefs: [] };
  private openBylines = 0;
  private openComments = 0;
  private readonly openCards: OpenCard[] = [];
  private textsAsked = 0;
  private hrefsRead = 0;

  /** What one element says; a request for its text when its text, or where it ends, matters. */
  openTag(name: string, attributes: TagAttributes): TextRequest | void {
    const element: Element = {
      name,
      attributes,
      classes: classTokens(attributes),
      microdata: propertyNames('itemprop', attributes),
      rdfa: propertyNames('property', attributes),
    };
    const handlers: TextHandler[] = [];
    let chars = 0;
    const ask = (limit: number, handler: TextHandler) => {
      chars = Math.max(chars, limit);
      handlers.push(handler);
    };
    if (isComment(element)) {
      this.openComments++;
      ask(MARKUP_LIMITS.commentChars, () => this.openComments--);
    } else if (!this.openComments) {
      this.readProperties(element, ask);
      this.readAuthorProperty(element, ask);
      this.readHCard(element, ask);
      this.readByline(element, ask);
    }
    if (!handlers.length) return;
    // Past the limit no element's text is asked for: a byline then has no name, and links after it are not its own.
    if (this.textsAsked >= MARKUP_LIMITS.textElements) {
      for (const handler of handlers) handler('', false);
      return;
    }
    this.textsAsked++;
    return { chars, text: (text, whole) => handlers.forEach((handler) => handler(text, whole)) };
  }

  /** An element that is an author by microdata or RDFa: a card of its own (with nested name and links) or a value. */
  private readAuthorProperty(element: Element, ask: Ask): void {
    const { name, attributes } = element;
    const source = authorPropertySource(element);
    if (!source || this.found.cards.length + this.openCards.length >= MARKUP_LIMITS.people) return;
    const { link, literal } = valueOf(source, name, attributes);
    const scoped = source === 'microdata' ? attributes.has('itemscope') : attributes.has('typeof');
    const card: OpenCard = { hrefs: link ? [link] : [], source, textIsName: !scoped && literal === undefined };
    if (literal !== undefined) card.name = literal;
    this.openCard(card, ask);
  }

  /** Name and links nested in the innermost open card of the same markup. */
  private readProperties(element: Element, ask: Ask): void {
    if (!this.openCards.length) return;
    const { name, attributes } = element;
    for (const source of ['microdata', 'rdfa', 'hcard'] as const) {
      const card = this.openCards.findLast((open) => open.source === source);
      if (!card) continue;
      const props = source === 'hcard' ? element.classes : element[source];
      if (props.includes('url') || props.includes('sameas') || props.includes('u-url')) {
        const { link } = valueOf(source, name, attributes);
        if (link) this.addHref(card.hrefs, link);
      }
      if (props.includes('name') || props.includes('fn') || props.includes('p-name')) {
        const { literal } = valueOf(source, name, attributes);
        if (literal !== undefined) card.name ??= literal;
        else
          ask(MARKUP_LIMITS.nameChars, (text, whole) => {
            if (whole && text && text.length <= MARKUP_LIMITS.nameChars) card.name ??= text;
          });
      }
    }
  }

  /** An hCard, when it is an author's: classed an author as well, or inside a byline or another author card. */
  private readHCard({ name, attributes, classes }: Element, ask: Ask): void {
    if (!classes.includes('vcard') && !classes.includes('h-card')) return;
    const authors =
      classes.includes('p-author') || classes.some((token) => wordsOf(token).some((word) => AUTHOR_WORDS.has(word)));
    if (!authors && !this.openBylines && !this.openCards.length) return;
    if (this.found.cards.length + this.openCards.length >= MARKUP_LIMITS.people) return;
    const href = name === 'a' ? attributes.get('href') : undefined;
    this.openCard({ hrefs: href ? [href] : [], source: 'hcard', textIsName: true }, ask);
  }

  /**
   * A byline element: its text is a byline, and the links inside it (until it ends) are byline links. The text of a
   * rel="author" link is a byline too (its address is read as a rel="author" link).
   */
  private readByline({ name, attributes, classes }: Element, ask: Ask): void {
    const href = name === 'a' ? attributes.get('href') : undefined;
    if (this.openBylines && href) this.addHref(this.found.bylineHrefs, href);
    const byline = !NEVER_BYLINES.has(name) && classes.some(isBylineClass);
    if (!byline && !(href && hasRel(attributes, 'author'))) return;
    if (byline && href && !this.openBylines) this.addHref(this.found.bylineHrefs, href);
    if (byline) this.openBylines++;
    ask(byline ? MARKUP_LIMITS.bylineChars : MARKUP_LIMITS.nameChars, (text, whole) => {
      if (byline) this.openBylines--;
      const texts = this.found.bylineTexts;
      if (whole && text && text.length <= MARKUP_LIMITS.nameChars && texts.length < MARKUP_LIMITS.links && !texts.includes(text))
        texts.push(text);
    });
  }

  private openCard(card: OpenCard, ask: Ask): void {
    this.openCards.push(card);
    ask(MARKUP_LIMITS.cardChars, (text, whole) => {
      this.openCards.splice(this.openCards.indexOf(card), 1);
      // A card cut short (by its length, or a page's end) is left out, never read with half its links.
      if (!whole) return;
      const name = card.name ?? (card.textIsName && text && text.length <= MARKUP_LIMITS.nameChars ? text : undefined);
      if (name === undefined && !card.hrefs.length) return;
      const found: CardAuthor = { hrefs: [...new Set(card.hrefs)], source: card.source };
      if (name !== undefined) found.name = name;
      const key = JSON.stringify([found.name, found.hrefs, found.source]);
      if (!this.found.cards.some((other) => JSON.stringify([other.name, other.hrefs, other.source]) === key))
        this.found.cards.push(found);
    });
  }

  private addHref(hrefs: string[], href: string): void {
    if (this.hrefsRead >= MARKUP_LIMITS.bodyLinksRead || href.length > MARKUP_LIMITS.valueChars) return;
    this.hrefsRead++;
    if (!hrefs.includes(href)) hrefs.push(href);
  }
}

/** The class attribute's tokens, lower-cased; none for a class list longer than any real one. */
function classTokens(attributes: TagAttributes): string[] {
  const value = attributes.get('class');
  if (!value || value.length > LONGEST_CLASS) return [];
  return value.toLowerCase().split(/\s+/).filter(Boolean);
}

/** The words of a class token: "c-byline__author" is c, byline, author. */
const wordsOf = (token: string): string[] => token.split(/[-_]+/);

const isBylineClass = (token: string): boolean =>
  token.includes('byline') || wordsOf(token).some((word) => AUTHOR_WORDS.has(word));

function isComment({ classes, microdata, attributes }: Element): boolean {
  if (classes.some((token) => wordsOf(token).some((word) => COMMENT_WORDS.has(word)))) return true;
  return microdata.includes('comment') || /schema\.org\/comment\b/i.test(attributes.get('itemtype') ?? '');
}

/**
 * The element's microdata (`itemprop`) or RDFa (`property`) names, lower-cased, a vocabulary's prefix or address
 * left out: `schema:author`, `http://schema.org/author` and `author` are all `author`, `dc:creator` is `creator`.
 */
function propertyNames(attribute: 'itemprop' | 'property', attributes: TagAttributes): string[] {
  const value = attributes.get(attribute);
  if (!value || value.length > LONGEST_CLASS) return [];
  return value
    .toLowerCase()
    .split(/\s+/)
    .flatMap((token) => token.replace(/^.*[/#:]/, '') || []);
}

/**
 * Which markup makes the element an author: microdata's `itemprop="author"`, or RDFa's `property` `author` or
 * (Dublin Core's) `creator`. RDFa on `<meta>` is left to the meta reader, which reads `property` as a meta name.
 */
function authorPropertySource({ name, attributes, microdata, rdfa }: Element): 'microdata' | 'rdfa' | undefined {
  if (microdata.includes('author')) return 'microdata';
  if (name === 'meta' || !rdfa.length) return undefined;
  if (rdfa.includes('author')) return 'rdfa';
  const raw = (attributes.get('property') ?? '').toLowerCase().split(/\s+/);
  return raw.some((token) => /^(dc|dcterms):creator$|purl\.org\/dc\/.*creator$/.test(token)) ? 'rdfa' : undefined;
}

/** Elements whose `href` is their microdata value. */
const LINKING = new Set(['a', 'link', 'area']);

/**
 * The value an element gives its property, as microdata and RDFa define it: a link (an `href`, an RDFa `resource`,
 * or a `content` that is an address), or a literal (a `content` that is not). Microdata reads `content` on `<meta>`
 * only; RDFa on any element. An hCard's links are its `href`s.
 */
function valueOf(source: CardSource, name: string, attributes: TagAttributes): { link?: string; literal?: string } {
  const href = attributes.get('href')?.trim();
  if (source === 'rdfa') {
    const link = attributes.get('resource')?.trim() || href;
    if (link) return { link };
  } else if (href && (source === 'hcard' || LINKING.has(name))) return { link: href };
  const content = source === 'rdfa' || name === 'meta' ? attributes.get('content')?.trim() : undefined;
  if (!content || content.length > MARKUP_LIMITS.valueChars) return {};
  return /^https?:\/\//i.test(content) ? { link: content } : { literal: content };
}

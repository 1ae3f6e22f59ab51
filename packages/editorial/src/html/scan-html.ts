import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

/** A start tag's attributes: names lower-cased, values with character references decoded, the first of a repeated name kept. */
export type TagAttributes = ReadonlyMap<string, string>;

/** Whether the element's rel list holds the token (rel is a space-separated, case-insensitive list of tokens). */
export function hasRel(attributes: TagAttributes, token: string): boolean {
  const rel = attributes.get('rel')?.toLowerCase();
  // The substring test first: most links have no rel, or none with the token, and a page may hold 700 000 links.
  return rel !== undefined && rel.includes(token) && rel.split(/\s+/).includes(token);
}

/**
 * What openTag returns to receive the text of any element, not only of a text-only one: at most `chars` characters,
 * given to `text` once the element ends. `text` is always called, exactly once per request, so a reader may pair it
 * with its openTag: while it has not been called, the scan is inside the element.
 */
export interface TextRequest {
  chars: number;
  /**
   * The element's text. For a text-only element (script, style, title, textarea, xmp), its content as written. For any
   * other, its text content with markup left out (and the content of scripts and styles in it), runs of white space
   * as one space, and a line break where a block element (a paragraph, a `<div>`, a `<br>`, a `<time>`) starts or
   * ends. `whole` is false when the text was cut: past `chars` (the request then ends there, and the scan is no
   * longer said to be inside the element), at the end of a page cut short inside it, or when too many elements'
   * texts were being read at once (MAX_OPEN_TEXTS).
   */
  text(text: string, whole: boolean): void;
}

/** What a reader of a page does with its tags, called in document order. */
export interface TagVisitor {
  /**
   * The elements the reader looks at, lower-case ASCII letters: the others are skipped, their attributes unread. Or
   * 'all', for a reader that looks at every element's attributes (a class or an itemprop may stand on any).
   */
  tags: ReadonlySet<string> | 'all';
  /**
   * A start tag of one of `tags`; `attributes` holds its attributes during this call only. Return a number of
   * characters to receive the element's text as well (elementText), for the elements whose content is text to the
   * HTML tokenizer: script, style, title, textarea, xmp. Return a TextRequest to receive the text of any element.
   */
  openTag(name: string, attributes: TagAttributes): number | TextRequest | void;
  /** The text of an element openTag asked for: at most the characters asked, `whole` false when there were more. */
  elementText?(name: string, text: string, whole: boolean): void;
}

/** Elements whose content the tokenizer reads as text up to their end tag: no tag nests in them. */
const TEXT_ELEMENTS = new Set(['script', 'style', 'title', 'textarea', 'xmp']);

/** Elements that have no end tag and no content: an element text asked for one is empty at once. */
const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/**
 * Elements whose start and end break the text into lines, as a browser lays them out: "By Jane Doe<br>March 3" is two
 * lines, not "Jane DoeMarch 3". `<time>` too, since a byline's date is often set inline right after the name.
 */
const LINE_BREAKING = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'nav',
  'ol',
  'p',
  'section',
  'table',
  'td',
  'th',
  'time',
  'tr',
  'ul',
]);

/**
 * Texts of elements read at once, nested in one another: a byline inside an author card inside an article's header.
 * Each text part is added to every one of them, so this bounds the work per part; an element asked for past it gets
 * an empty text at once (`whole` false).
 */
export const MAX_OPEN_TEXTS = 8;

/** A tag name longer than this is no element any reader looks at: its name is not even made into a string. */
const LONGEST_TAG_NAME = 32;

/**
 * Reads a page's tags in one pass with htmlparser2's Tokenizer, for the page readers (author markup, rel="me"
 * links, article metadata). The readers need start tags and the text of a few elements, never the tree, so nothing
 * here keeps the open elements: time is linear in the page's length whatever its nesting. htmlparser2's
 * Parser is not used because it keeps the open elements (and, for svg/math, the foreign-content context) in arrays it
 * grows with unshift and searches with indexOf: 350 000 unclosed `<span>` (a 2 MB page) took 51 s in it, and
 * 260 000 `<title/>` 16 s. The tokenizer follows the HTML rules where they matter to a reader: comments, script and
 * style content are not markup, character references are decoded in attributes and titles.
 *
 * An element's text (TextRequest) is read without a tree either: while it is being read, the elements of its own
 * name opened inside it are counted, and its end tag is the one that brings the count back to zero. An end tag that
 * closes more than was opened inside it closes an element around it, and so ends it too. An element never closed
 * (a `<p>` HTML closes implicitly) is read up to the characters asked, no further. At most MAX_OPEN_TEXTS are read at
 * once, so each part of text costs a bounded amount of work.
 *
 * Never throws: a page the tokenizer cannot finish (or a visitor that fails on it) ends the scan, and the visitor
 * keeps what it was given before.
 */
export function scanHtml(html: string, visitor: TagVisitor): void {
  const tokenizer = new Tokenizer({ decodeEntities: true }, new TagEvents(html, visitor));
  try {
    tokenizer.write(html);
    tokenizer.end();
  } catch {
    // A hostile page yields less markup, never an error: what was visited stands.
  }
}

/** An element whose text is being read for the visitor. */
interface OpenText {
  name: string;
  limit: number;
  parts: string[];
  length: number;
  deliver(text: string, whole: boolean): void;
  /** The content of a text-only element, as written, rather than the text content of an element with markup. */
  raw: boolean;
  /** Elements of its name open, itself included: its own end tag is the one that brings this to zero. */
  sameName: number;
  /** Elements opened inside it and not yet closed: an end tag when there are none closes an element around it. */
  inner: number;
}

/** The tokenizer's events (positions in the page) turned into the visitor's tags and texts. */
class TagEvents implements TokenizerCallbacks {
  /** The tag being tokenized, one of the visitor's `tags`, or '' for a tag the visitor does not read. */
  private tag = '';
  private wanted = false;
  /** Where the tag's name stands in the page, to name it only when needed (inside an element being read). */
  private tagStart = 0;
  private tagEnd = 0;
  private readonly attributes = new Map<string, string>();
  private attributeName = '';
  private attributeValue = '';
  /** The elements whose text is being read, outermost first; a text-only element's, if any, is the last. */
  private readonly texts: OpenText[] = [];
  /** Inside a script or style (or other text-only element) within an element being read: its content is not text. */
  private inTextElement = false;
  /** The visitor's tags by length, to name a tag without making a string of it. */
  private readonly tagsByLength = new Map<number, string[]>();
  private readonly allTags: boolean;

  constructor(
    private readonly html: string,
    private readonly visitor: TagVisitor,
  ) {
    this.allTags = visitor.tags === 'all';
    if (visitor.tags !== 'all') {
      for (const tag of visitor.tags) this.tagsByLength.set(tag.length, [...(this.tagsByLength.get(tag.length) ?? []), tag]);
    }
  }

  /**
   * A page of 700 000 tags the visitor does not read makes no string here, nor a map of attributes: less work and
   * less garbage (on a large heap, collecting the garbage of one such page held the thread for a tenth of a second).
   */
  onopentagname(start: number, end: number): void {
    this.tagStart = start;
    this.tagEnd = end;
    if (this.allTags) this.tag = end - start <= LONGEST_TAG_NAME ? this.html.slice(start, end).toLowerCase() : '';
    else this.tag = this.tagsByLength.get(end - start)?.find((tag) => sameLetters(this.html, start, tag)) ?? '';
    this.wanted = this.tag !== '';
    // One map for every tag (the visitor reads it during openTag only).
    if (this.attributes.size > 0) this.attributes.clear();
  }

  onattribname(start: number, end: number): void {
    if (this.wanted) this.attributeName = this.html.slice(start, end).toLowerCase();
  }

  onattribdata(start: number, end: number): void {
    if (this.wanted) this.attributeValue += this.html.slice(start, end);
  }

  onattribentity(codePoint: number): void {
    if (this.wanted) this.attributeValue += character(codePoint);
  }

  onattribend(): void {
    if (!this.wanted) return;
    // As browsers read a repeated attribute: the first one counts.
    if (!this.attributes.has(this.attributeName)) this.attributes.set(this.attributeName, this.attributeValue);
    this.attributeValue = '';
  }

  onopentagend(): void {
    this.startTag(false);
  }

  /** `<script/>`: HTML ignores the slash, but the tokenizer reads what follows as markup, so the element is empty. */
  onselfclosingtag(): void {
    this.startTag(true);
  }

  onclosetag(start: number, end: number): void {
    // Inside a text-only element the tokenizer gives no tag but its end tag.
    this.inTextElement = false;
    if (!this.texts.length) return;
    const last = this.texts[this.texts.length - 1]!;
    if (last.raw && end - start === last.name.length && sameLetters(this.html, start, last.name)) this.endText(last, true);
    if (!this.texts.length) return;
    const name = end - start <= LONGEST_TAG_NAME ? this.html.slice(start, end).toLowerCase() : '';
    if (LINE_BREAKING.has(name)) this.addLineBreak();
    // Innermost first: one end tag may end several (an end tag that closes an element around them all).
    for (let i = this.texts.length - 1; i >= 0; i--) {
      const text = this.texts[i]!;
      if (name === text.name && text.sameName === 1) this.endText(text, true);
      else if (text.inner === 0) {
        if (!VOID_ELEMENTS.has(name)) this.endText(text, true);
      } else {
        text.inner--;
        if (name === text.name) text.sameName--;
      }
    }
  }

  ontext(start: number, end: number): void {
    if (this.texts.length) this.addText(this.html.slice(start, end));
  }

  ontextentity(codePoint: number): void {
    if (this.texts.length) this.addText(character(codePoint));
  }

  /** A page cut short inside an element still gives the text it has: all of it for a text-only element. */
  onend(): void {
    for (let i = this.texts.length - 1; i >= 0; i--) {
      const text = this.texts[i]!;
      this.endText(text, text.raw && text.length <= text.limit);
    }
  }

  oncdata(): void {}
  oncomment(): void {}
  ondeclaration(): void {}
  onprocessinginstruction(): void {}

  private startTag(selfClosing: boolean): void {
    if (this.texts.length) this.openInside(selfClosing);
    if (!this.wanted) return;
    const asked = this.visitor.openTag(this.tag, this.attributes);
    if (!asked) return;
    if (typeof asked === 'number') {
      if (!TEXT_ELEMENTS.has(this.tag)) return;
      const name = this.tag;
      this.readText(name, asked, (text, whole) => this.visitor.elementText?.(name, text, whole), selfClosing);
    } else {
      this.readText(this.tag, asked.chars, (text, whole) => asked.text(text, whole), selfClosing);
    }
  }

  /** A start tag inside elements being read: counted for finding their end tags, and perhaps a line break. */
  private openInside(selfClosing: boolean): void {
    const { tagStart: start, tagEnd: end } = this;
    const name = this.allTags ? this.tag : end - start <= LONGEST_TAG_NAME ? this.html.slice(start, end).toLowerCase() : '';
    if (LINE_BREAKING.has(name)) this.addLineBreak();
    if (TEXT_ELEMENTS.has(name) && !selfClosing) this.inTextElement = true;
    // `<path/>` in an svg icon is closed; `<br>` and the other void elements never open anything.
    if (selfClosing || VOID_ELEMENTS.has(name)) return;
    for (const text of this.texts) {
      text.inner++;
      if (name === text.name) text.sameName++;
    }
  }

  private readText(name: string, limit: number, deliver: OpenText['deliver'], selfClosing: boolean): void {
    const raw = TEXT_ELEMENTS.has(name);
    // A text-only element is not counted: nothing nests in it, so there is at most one at a time.
    if (!raw && this.texts.length >= MAX_OPEN_TEXTS) return deliver('', false);
    if (VOID_ELEMENTS.has(name) || (raw && selfClosing)) return deliver('', true);
    this.texts.push({ name, limit, parts: [], length: 0, deliver, raw, sameName: 1, inner: 0 });
  }

  private addText(part: string): void {
    const collapsed = this.inTextElement ? '' : part.replace(/[ \t\n\f\r]+/g, ' ');
    for (let i = this.texts.length - 1; i >= 0; i--) {
      const text = this.texts[i]!;
      if (text.raw) {
        // Past the limit the text is only counted, so a huge script costs no memory.
        if (text.length <= text.limit) text.parts.push(part);
        text.length += part.length;
      } else if (collapsed) {
        this.addToElement(text, collapsed);
      }
    }
  }

  /** A line break in the texts of the elements being read (a text-only element has no tags, so none in its text). */
  private addLineBreak(): void {
    for (let i = this.texts.length - 1; i >= 0; i--) {
      const text = this.texts[i]!;
      // One for a run of them: 100 000 empty paragraphs are one break, not as many parts kept.
      if (!text.raw && text.parts[text.parts.length - 1] !== '\n') this.addToElement(text, '\n');
    }
  }

  /** Text of an element with markup, counted against its limit: past it, the element's text ends there. */
  private addToElement(text: OpenText, part: string): void {
    text.parts.push(part);
    text.length += part.length;
    if (text.length > text.limit) this.endText(text, false);
  }

  private endText(text: OpenText, closed: boolean): void {
    this.texts.splice(this.texts.indexOf(text), 1);
    const joined = text.parts.join('');
    if (text.raw) {
      const whole = text.length <= text.limit;
      return text.deliver(whole ? joined : joined.slice(0, text.limit), whole);
    }
    text.deliver(tidy(joined).slice(0, text.limit), closed && text.length <= text.limit);
  }
}

/** Lines of text with the spaces at their ends, and the empty lines, left out. */
const tidy = (text: string): string =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');

/**
 * Whether the page spells `name` (lower-case ASCII letters) at `start`, in either case: tag names are ASCII
 * case-insensitive in HTML. Setting the 0x20 bit lower-cases a letter and leaves no other character equal to one.
 */
function sameLetters(html: string, start: number, name: string): boolean {
  for (let i = 0; i < name.length; i++) if ((html.charCodeAt(start + i) | 0x20) !== name.charCodeAt(i)) return false;
  return true;
}

/** A decoded character reference; the tokenizer already replaces code points no character has (with U+FFFD). */
const character = (codePoint: number): string => (codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : '\ufffd');

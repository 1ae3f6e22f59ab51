import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

/** A start tag's attributes: names lower-cased, values with character references decoded, the first of a repeated name kept. */
export type TagAttributes = ReadonlyMap<string, string>;

/** Whether the element's rel list holds the token (rel is a space-separated, case-insensitive list of tokens). */
export function hasRel(attributes: TagAttributes, token: string): boolean {
  const rel = attributes.get('rel')?.toLowerCase();
  // The substring test first: most links have no rel, or none with the token, and a page may hold 700 000 links.
  return rel !== undefined && rel.includes(token) && rel.split(/\s+/).includes(token);
}

/** What a reader of a page does with its tags, called in document order. */
export interface TagVisitor {
  /** The elements the reader looks at, lower-case ASCII letters: the others are skipped, their attributes unread. */
  tags: ReadonlySet<string>;
  /**
   * A start tag of one of `tags`; `attributes` holds its attributes during this call only. Return a number of
   * characters to receive the element's text as well (elementText), for the elements whose content is text to the
   * HTML tokenizer: script, style, title, textarea, xmp.
   */
  openTag(name: string, attributes: TagAttributes): number | void;
  /** The text of an element openTag asked for: at most the characters asked, `whole` false when there were more. */
  elementText?(name: string, text: string, whole: boolean): void;
}

/** Elements whose content the tokenizer reads as text up to their end tag: no tag nests in them. */
const TEXT_ELEMENTS = new Set(['script', 'style', 'title', 'textarea', 'xmp']);

/**
 * Reads a page's tags in one pass with htmlparser2's Tokenizer, for the page readers (author markup, rel="me"
 * links, article metadata). The readers need start tags and the text of a few text-only elements, never the tree,
 * so nothing here keeps open elements: time is linear in the page's length whatever its nesting. htmlparser2's
 * Parser is not used because it keeps the open elements (and, for svg/math, the foreign-content context) in arrays it
 * grows with unshift and searches with indexOf: 350 000 unclosed `<span>` (a 2 MB page) took 51 s in it, and
 * 260 000 `<title/>` 16 s. The tokenizer follows the HTML rules where they matter to a reader: comments, script and
 * style content are not markup, character references are decoded in attributes and titles.
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

/** The element whose text is being collected for the visitor. */
interface TextWanted {
  name: string;
  limit: number;
  parts: string[];
  length: number;
}

/** The tokenizer's events (positions in the page) turned into the visitor's tags and texts. */
class TagEvents implements TokenizerCallbacks {
  /** The tag being tokenized, one of the visitor's `tags`, or '' for a tag the visitor does not read. */
  private tag = '';
  private wanted = false;
  private readonly attributes = new Map<string, string>();
  private attributeName = '';
  private attributeValue = '';
  private text: TextWanted | null = null;
  /** The visitor's tags by length, to name a tag without making a string of it. */
  private readonly tagsByLength = new Map<number, string[]>();

  constructor(
    private readonly html: string,
    private readonly visitor: TagVisitor,
  ) {
    for (const tag of visitor.tags) this.tagsByLength.set(tag.length, [...(this.tagsByLength.get(tag.length) ?? []), tag]);
  }

  /**
   * A page of 700 000 tags the visitor does not read makes no string here, nor a map of attributes: less work and
   * less garbage (on a large heap, collecting the garbage of one such page held the thread for a tenth of a second).
   */
  onopentagname(start: number, end: number): void {
    this.tag = this.tagsByLength.get(end - start)?.find((tag) => sameLetters(this.html, start, tag)) ?? '';
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
    if (this.text && end - start === this.text.name.length && sameLetters(this.html, start, this.text.name)) this.endText();
  }

  ontext(start: number, end: number): void {
    if (this.text) this.addText(this.html.slice(start, end));
  }

  ontextentity(codePoint: number): void {
    if (this.text) this.addText(character(codePoint));
  }

  /** A page cut short inside a text element still gives the text it has. */
  onend(): void {
    if (this.text) this.endText();
  }

  oncdata(): void {}
  oncomment(): void {}
  ondeclaration(): void {}
  onprocessinginstruction(): void {}

  private startTag(selfClosing: boolean): void {
    if (!this.wanted) return;
    const limit = this.visitor.openTag(this.tag, this.attributes);
    if (!limit || !TEXT_ELEMENTS.has(this.tag)) return;
    this.text = { name: this.tag, limit, parts: [], length: 0 };
    if (selfClosing) this.endText();
  }

  private addText(part: string): void {
    const text = this.text!;
    // Past the limit the text is only counted, so a huge script costs no memory.
    if (text.length <= text.limit) text.parts.push(part);
    text.length += part.length;
  }

  private endText(): void {
    const { name, limit, parts, length } = this.text!;
    this.text = null;
    const whole = length <= limit;
    this.visitor.elementText?.(name, whole ? parts.join('') : parts.join('').slice(0, limit), whole);
  }
}

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

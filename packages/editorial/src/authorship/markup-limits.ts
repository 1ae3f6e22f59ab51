/**
 * How much of a page's author markup is read. A page is written by whoever runs the site, perhaps to slow the
 * checker down: a real byline names a handful of people with a handful of links each, so anything past these
 * limits is dropped rather than compared.
 */
export const MARKUP_LIMITS = {
  /** People read from JSON-LD (across all blocks), microdata, RDFa and hCards, JSON-LD's first. */
  people: 50,
  /**
   * Links per list: per person (url and sameAs), rel="author" links, Open Graph authors, byline links, author names,
   * byline names, fediverse:creator values.
   */
  links: 50,
  /**
   * rel="author" links looked at, whether or not they are new addresses: each costs an address parse, and 2 MB of
   * links that are no address (or one address repeated) took 270 ms to look through without this bound.
   */
  relLinksRead: 1_000,
  /** JSON-LD blocks read, and the characters of each (a block past the limit is skipped, not cut). */
  jsonLdBlocks: 20,
  jsonLdBlockChars: 1_000_000,
  /** JSON-LD objects visited per block, and how deep into nested objects the reader goes. */
  jsonLdNodes: 2_000,
  jsonLdDepth: 12,
  /** Longest name or address kept; longer values are no one's name and no address a proof could be about. */
  valueChars: 2_048,
  /**
   * Addresses looked at in the page's body (links in bylines, in author cards): each costs an address parse, as
   * for rel="author" links, and a page of them is read no further.
   */
  bodyLinksRead: 1_000,
  /** Longest `parsely-page` JSON read (it holds a title, a link and a few more short values). */
  metaJsonChars: 20_000,
  /**
   * Elements whose text is read: bylines, author names, author cards, comments (to leave their authors out). Each
   * costs at most the characters below.
   */
  textElements: 1_000,
  /**
   * Text a byline element is read through: the links inside it within this count as its own (an author box gives a
   * short bio before the writer's accounts); an element never closed is a byline no further.
   */
  bylineChars: 1_000,
  /** Longest text of a byline, or of an element that names an author, read as a name: a longer one is no byline. */
  nameChars: 300,
  /** Text an author card (microdata, RDFa, hCard) is read through: its name and links stand within it. */
  cardChars: 5_000,
  /** Text a comment is read through, to leave the authors of comments out: a longer one ends there. */
  commentChars: 20_000,
} as const;

/**
 * How much of a page's author markup is read. A page is written by whoever runs the site, perhaps to slow the
 * checker down: a real byline names a handful of people with a handful of links each, so anything past these
 * limits is dropped rather than compared.
 */
export const MARKUP_LIMITS = {
  /** People read from JSON-LD, across all blocks. */
  people: 50,
  /** Links per list: per person (url and sameAs), rel="author" links, author names, fediverse:creator values. */
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
} as const;

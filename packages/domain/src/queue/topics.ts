/**
 * The queue's topics, named here rather than beside their users because the store's data steps (which move
 * older records onto the queue) need them too, and the store must not import the code that works on them.
 */

/** Network sign-ins in progress: one item per attempt, keyed by the hash of its `state`. */
export const PROOF_ATTEMPT_TOPIC = 'proof-attempt';

/**
 * Checks of article pages, keyed by the article's id (its profile's id in the payload): the re-checks of articles
 * proven by their page's author markup, and the one-time first check of claims no one has checked yet.
 */
export const ARTICLE_CHECK_TOPIC = 'article-check';

/**
 * Re-checks of publishers' proven domains, keyed by JSON [publisher id, domain]: queued when a domain is proven (before
 * the proof is recorded, so no proven domain is ever left without its next check).
 */
export const DOMAIN_CHECK_TOPIC = 'domain-check';

/**
 * Attributions of unknown articles on verified publishers' proven domains, keyed by the article's canonical address:
 * queued by a v2 lookup that found the outlet but not the article (when the publisher allows its pages to be read),
 * worked by the worker, which reads the page and credits the publisher's staff it names.
 */
export const ATTRIBUTION_TOPIC = 'attribution';

/**
 * The attributions v2 lookups asked for, as a verifier writes them: a few items per moment (random keys), each
 * carrying up to ATTRIBUTION_ASKS_PER_ITEM addresses. The worker spreads each into ATTRIBUTION_TOPIC items (one per
 * address, queued once) before it works them. A lookup's share of one write is far cheaper than a write per address,
 * whose indexes made it cost more than the rest of the lookup.
 */
export const ATTRIBUTION_ASKS_TOPIC = 'attribution-asks';
/** Addresses per ATTRIBUTION_ASKS_TOPIC item: well under a MongoDB document's limit however long the addresses. */
export const ATTRIBUTION_ASKS_PER_ITEM = 500;

export interface AttributionAsksPayload {
  [key: string]: unknown;
  asks: AttributionPayload[];
}

/** What an attribution item carries: the address to read and the publisher whose domain covered it. */
export interface AttributionPayload {
  [key: string]: unknown;
  /** The canonical address (the item's key): the article's link once attributed. */
  url: string;
  /**
   * The address as the first lookup gave it, which is fetched: the canonical form drops `www.`, which a site may not
   * serve. Absent: `url` is fetched.
   */
  address?: string;
  publisherId: number;
  /**
   * The API key whose lookup asked for it (its public id, as the request log names it): the worker takes each key's
   * asks in turn (see spreadAttributionAsks). Absent from asks written before keys were told apart.
   */
  askedBy?: string;
  /** Fetches that failed so far (absent before the first). */
  failures?: number;
  /**
   * Set when the work is over without an attribution (why, in a few words): the item then stays queued, untouched,
   * until its due time, so that lookups of the address meanwhile do not have the page read again; taken then, it is
   * simply removed.
   */
  finished?: string;
}

/**
 * The issue of journalists' credentials and their status lists: one item (key ISSUER_KEY), whose lease the replica
 * that works takes, so several workers issue one credential and publish one list at a time, never two.
 */
export const CREDENTIAL_ISSUE_TOPIC = 'credential-issue';

/**
 * The publication of Byline's Bluesky verification records: one item (key PUBLISHER_KEY in the worker), whose lease
 * the replica that publishes takes, so several workers never write one journalist's record twice.
 */
export const BLUESKY_VERIFICATION_TOPIC = 'bluesky-verification';

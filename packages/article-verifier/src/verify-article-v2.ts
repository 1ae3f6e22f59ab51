import {
  ATTRIBUTION_TOPIC,
  entityTagOf,
  NO_VERIFIED_AUTHOR_MESSAGE,
  domainInfoOf,
  hostOfCanonical,
  toVerifyArticleArticle,
  type AttributionPayload,
  type AuthorEvidence,
  type LeasedQueue,
  type Logger,
  type OutletDigest,
  type OutletDigests,
  type PublisherMatch,
  type Publishers,
  type Store,
  type TaggedAnswer,
  type VerifyArticleInput,
} from '@byline/shared';

export interface ArticleV2Sources {
  store: Store;
  publishers: Pick<Publishers, 'matchHost'>;
  authorEvidence: AuthorEvidence;
  outletDigests: OutletDigests;
  /**
   * Where an unknown article on a verified outlet that allows it is queued for the worker to attribute (see
   * queueAttribution); none without.
   */
  attribution?: { queue: Pick<LeasedQueue, 'enqueueIfAbsent'>; logger: Logger; now?: () => Date };
}

/** The message of a `domain_verified` answer: the article is not known, its outlet is. */
export const DOMAIN_VERIFIED_MESSAGE = 'This article is not known to Byline, but its domain belongs to a verified publisher.';

const tagged = (json: string): TaggedAnswer => ({ json, etag: entityTagOf(json) });

const UNVERIFIED_V2 = tagged(JSON.stringify({ type: 'unverified', verified: false, message: NO_VERIFIED_AUTHOR_MESSAGE }));

/**
 * Who wrote the article at this address, and whose domain is it (v2)? Three reads at once: the rendered v1 answer of
 * the article's verified author, that author's live evidence, and the verified publisher whose proven domain covers
 * the address. `article_verified` is the v1 answer with `type` first and `evidence` (and `domain_info`) after;
 * `domain_verified` when only the outlet is known; `unverified` otherwise.
 */
export async function verifyArticleV2(sources: ArticleV2Sources, input: VerifyArticleInput): Promise<TaggedAnswer> {
  const host = hostOfCanonical(input.canonicalUrl);
  const [article, evidence, match] = await Promise.all([
    sources.store.taggedArticleAnswer(input.canonicalUrl),
    sources.authorEvidence.ofArticleAuthor(input.canonicalUrl),
    sources.publishers.matchHost(host),
  ]);
  const domainInfo = match ? JSON.stringify(domainInfoOf(match)) : null;
  if (article && evidence) {
    const evidenceJson = JSON.stringify(evidence);
    const withDomain = domainInfo ? `,"domain_info":${domainInfo}` : '';
    // The tag hashes the parts, the v1 answer by its own tag: the same body always gets the same tag, for less work.
    return {
      json: `{"type":"article_verified",${article.json.slice(1, -1)},"evidence":${evidenceJson}${withDomain}}`,
      etag: entityTagOf('v2', article.etag, evidenceJson, domainInfo ?? ''),
    };
  }
  if (match && !article) await queueAttribution(sources.attribution, match, input);
  if (match && domainInfo) {
    const digest = await sources.outletDigests.digestOf(match.publisher.id);
    const known = digest.journalists.length > 0 || digest.articles.length > 0;
    const plus = known
      ? `,"journalists":${JSON.stringify(journalistsOf(digest))},"articles":${JSON.stringify(articlesOf(digest))}`
      : '';
    const type = known ? 'domain_verified_plus' : 'domain_verified';
    return tagged(
      `{"type":"${type}","verified":false,"message":${JSON.stringify(DOMAIN_VERIFIED_MESSAGE)},"domain_info":${domainInfo}${plus}}`,
    );
  }
  return UNVERIFIED_V2;
}

const journalistsOf = ({ journalists }: OutletDigest) =>
  journalists.map((profile) => ({
    slug: profile.profile_slug,
    first_name: profile.profile_first_name,
    last_name: profile.profile_last_name,
    title: profile.profile_title,
    image: profile.profile_image,
  }));

/** Each article as v1's `articles` shows it, with the slug of the journalist who wrote it. */
const articlesOf = ({ articles }: OutletDigest) =>
  articles.map(({ article, authorSlug }) => ({ ...toVerifyArticleArticle(article), profile_slug: authorSlug }));

/**
 * Queues the attribution of an unknown article on a verified publisher's proven domain, if the publisher lets its
 * pages be read (its `attribution` switch): the worker reads the page later and credits the publisher's staff it
 * names, so that a later lookup knows the article. The answer never waits for that, only for this one small write;
 * an address already queued is left as it is (a lookup repeated while the job waits for its host's turn or a retry
 * must not hurry it, nor one the worker finished lately have its page read again), and a write that fails is
 * logged, never the lookup's failure.
 */
async function queueAttribution(
  attribution: ArticleV2Sources['attribution'],
  match: PublisherMatch,
  { url: given, canonicalUrl: url }: VerifyArticleInput,
) {
  if (!attribution || !match.publisher.attribution) return;
  const address = new URL(given.trim());
  address.hash = '';
  const payload: AttributionPayload = { url, address: address.href, publisherId: match.publisher.id };
  try {
    const queued = await attribution.queue.enqueueIfAbsent({
      topic: ATTRIBUTION_TOPIC,
      key: url,
      payload,
      dueAt: attribution.now?.() ?? new Date(),
    });
    if (queued) attribution.logger.info('attribution queued', { url, publisherId: match.publisher.id });
  } catch (error) {
    attribution.logger.warn('attribution not queued', {
      url,
      publisherId: match.publisher.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

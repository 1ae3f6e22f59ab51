import {
  ATTRIBUTION_TOPIC,
  NO_VERIFIED_AUTHOR_MESSAGE,
  entityTagOf,
  hostOfCanonical,
  renderOutlet,
  withDomainInfo,
  type AttributionPayload,
  type LeasedQueue,
  type Logger,
  type OutletDigests,
  type OutletMatch,
  type Publishers,
  type RenderedOutlet,
  type Store,
  type TaggedAnswer,
  type VerifyArticleInput,
} from '@byline/shared';

export { DOMAIN_VERIFIED_MESSAGE } from '@byline/shared';

export interface ArticleV2Sources {
  store: Store;
  publishers: Pick<Publishers, 'outletFor' | 'matchHost'>;
  /** Where an outlet's answers not rendered yet are rendered from (see outletAnswers). */
  outletDigests: OutletDigests;
  /**
   * Where an unknown article on a verified outlet that allows it is queued for the worker to attribute (see
   * queueAttribution); none without.
   */
  attribution?: { queue: Pick<LeasedQueue, 'enqueueIfAbsent'>; logger: Logger; now?: () => Date };
}

const UNVERIFIED_V2_JSON = JSON.stringify({ type: 'unverified', verified: false, message: NO_VERIFIED_AUTHOR_MESSAGE });
const UNVERIFIED_V2: TaggedAnswer = { json: UNVERIFIED_V2_JSON, etag: entityTagOf(UNVERIFIED_V2_JSON) };

/**
 * Who wrote the article at this address, and whose domain is it (v2)? Two reads at once, both of answers rendered when
 * what they show last changed: the article's verified author's (the v1 answer with `type` first and the author's
 * `evidence` after), and the verified publisher's whose proven domain covers the address. `article_verified` gains
 * the outlet's `domain_info`; an unknown article on the outlet answers `domain_verified(_plus)`; `unverified`
 * otherwise.
 */
export async function verifyArticleV2(sources: ArticleV2Sources, input: VerifyArticleInput): Promise<TaggedAnswer> {
  const [article, outlet] = await Promise.all([
    sources.store.taggedArticleV2Answer(input.canonicalUrl),
    sources.publishers.outletFor(hostOfCanonical(input.canonicalUrl)),
  ]);
  const rendered = outlet ? await outletAnswers(sources, outlet, input.canonicalUrl) : null;
  if (article) return rendered ? withDomainInfo(article, rendered.domainInfo) : article;
  if (!outlet || !rendered) return UNVERIFIED_V2;
  if (outlet.attribution) await queueAttribution(sources.attribution, outlet, input);
  return rendered.outlet;
}

/** The outlet's rendered answers; rendered here when a writer from before them left them out. */
async function outletAnswers(
  sources: ArticleV2Sources,
  outlet: OutletMatch,
  canonicalUrl: string,
): Promise<RenderedOutlet | null> {
  if (outlet.rendered) return outlet.rendered;
  const match = await sources.publishers.matchHost(hostOfCanonical(canonicalUrl));
  return match ? renderOutlet(match, await sources.outletDigests.digestOf(match.publisher.id)) : null;
}

/**
 * Queues the attribution of an unknown article on a verified publisher's proven domain (the publisher lets its pages
 * be read: its `attribution` switch): the worker reads the page later and credits the publisher's staff it names, so
 * that a later lookup knows the article. The answer never waits for that, only for this one small write; an address
 * already queued is left as it is (a lookup repeated while the job waits for its host's turn or a retry must not
 * hurry it, nor one the worker finished lately have its page read again), and a write that fails is logged, never
 * the lookup's failure.
 */
async function queueAttribution(
  attribution: ArticleV2Sources['attribution'],
  outlet: OutletMatch,
  { url: given, canonicalUrl: url }: VerifyArticleInput,
) {
  if (!attribution) return;
  const address = new URL(given.trim());
  address.hash = '';
  const payload: AttributionPayload = { url, address: address.href, publisherId: outlet.publisherId };
  try {
    const queued = await attribution.queue.enqueueIfAbsent({
      topic: ATTRIBUTION_TOPIC,
      key: url,
      payload,
      dueAt: attribution.now?.() ?? new Date(),
    });
    if (queued) attribution.logger.info('attribution queued', { url, publisherId: outlet.publisherId });
  } catch (error) {
    attribution.logger.warn('attribution not queued', {
      url,
      publisherId: outlet.publisherId,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

import {
  NO_VERIFIED_AUTHOR_MESSAGE,
  attributionMayFetch,
  entityTagOf,
  hostOfCanonical,
  renderOutlet,
  withCredential,
  withDomainInfo,
  type AttributionPayload,
  type OutletDigests,
  type OutletMatch,
  type PublisherDomains,
  type RenderedOutlet,
  type Store,
  type TaggedAnswer,
  type VerifyArticleInput,
} from '@byline/shared';
import { cachedAnswer, type AnswerCache } from '@byline/shared';
import type { AttributionRequests } from './attribution-requests';

export { DOMAIN_VERIFIED_MESSAGE } from '@byline/shared';

export interface ArticleV2Sources {
  store: Store;
  publisherDomains: Pick<PublisherDomains, 'outletFor' | 'matchHost'>;
  /** Where an outlet's answers not rendered yet are rendered from (see renderOutletNow). */
  outletDigests: OutletDigests;
  /** Where an unknown article on a verified outlet that allows it is asked to be attributed (see askAttribution). */
  attribution?: Pick<AttributionRequests, 'ask'>;
  /** The portal that issues signed credentials, and a tag of its address: an author's answer names theirs. */
  credentials?: { portalUrl: string; portalTag: string };
}

const UNVERIFIED_V2_JSON = JSON.stringify({ type: 'unverified', verified: false, message: NO_VERIFIED_AUTHOR_MESSAGE });
const UNVERIFIED_V2: TaggedAnswer = { json: UNVERIFIED_V2_JSON, etag: entityTagOf(UNVERIFIED_V2_JSON) };

/**
 * Who wrote the article at this address, and whose domain is it (v2)? Two reads at once, both of answers rendered when
 * what they show last changed: the article's verified author's (the v1 answer with `type` first and the author's
 * `evidence` after), and the verified publisher's whose proven domain covers the address. `article_verified` gains
 * the outlet's `domain_info`; an unknown article on the outlet answers `domain_verified(_plus)`; `unverified`
 * otherwise. An unknown article on an outlet that lets its pages be read is asked to be attributed (askAttribution).
 */
export async function verifyArticleV2(
  sources: ArticleV2Sources,
  input: VerifyArticleInput,
  caller?: { key: string; account: number },
): Promise<TaggedAnswer> {
  const { answer, asking } = await answerV2(sources, input.canonicalUrl);
  if (asking) askAttribution(sources, asking, input, caller);
  return answer;
}

/** verifyArticleV2, kept in memory while the store says nothing changed (see AnswerCache). */
export async function servedArticleV2(
  sources: ArticleV2Sources,
  cache: AnswerCache<ServedV2> | undefined,
  input: VerifyArticleInput,
  caller?: { key: string; account: number },
): Promise<TaggedAnswer> {
  const served = await cachedAnswer(cache, sources.store, input.canonicalUrl, async () => {
    const { answer, asking } = await answerV2(sources, input.canonicalUrl);
    return { ...answer, asking };
  });
  // A kept answer asks as the first one did: the ask is per request (its caller, its address as given).
  if (served.asking) askAttribution(sources, served.asking, input, caller);
  return served;
}

/** A v2 answer as kept: with the outlet whose unknown article it answers, when that outlet allows attribution. */
export interface ServedV2 extends TaggedAnswer {
  asking: OutletMatch | undefined;
}

/** The v2 answer, and the outlet to ask attribution of when the article is unknown there and the outlet allows it. */
async function answerV2(
  sources: ArticleV2Sources,
  canonicalUrl: string,
): Promise<{ answer: TaggedAnswer; asking?: OutletMatch }> {
  // One after the other: both read this turn's snapshot (see TurnSnapshot), and Promise.all's promises cost more.
  const article = await sources.store.taggedArticleV2Answer(canonicalUrl);
  const outlet = await sources.publisherDomains.outletFor(hostOfCanonical(canonicalUrl));
  const rendered = outlet && (outlet.rendered ?? (await renderOutletNow(sources, canonicalUrl)));
  if (article) {
    const { credentials } = sources;
    const author = credentials ? withCredential(article, credentials.portalUrl, credentials.portalTag) : article;
    return { answer: rendered ? withDomainInfo(author, rendered.domainInfo) : author };
  }
  if (!outlet || !rendered) return { answer: UNVERIFIED_V2 };
  return { answer: rendered.outlet, ...(outlet.attribution ? { asking: outlet } : {}) };
}

/** Asks the worker to attribute the unknown article; a port of the caller's choosing is never fetched (nothing asked). */
function askAttribution(
  sources: ArticleV2Sources,
  outlet: OutletMatch,
  input: VerifyArticleInput,
  caller: { key: string; account: number } | undefined,
): void {
  const ask = attributionOf(outlet, input, caller);
  if (attributionMayFetch(ask.address ?? ask.url)) sources.attribution?.ask(ask, caller?.account);
}

/** The outlet's answers rendered here, where a writer from before them left them out. */
async function renderOutletNow(sources: ArticleV2Sources, canonicalUrl: string): Promise<RenderedOutlet | null> {
  const match = await sources.publisherDomains.matchHost(hostOfCanonical(canonicalUrl));
  return match ? renderOutlet(match, await sources.outletDigests.digestOf(match.publisher.id)) : null;
}

/**
 * The attribution of an unknown article on a verified publisher's proven domain (the publisher lets its pages be read:
 * its `attribution` switch): the worker reads the page later and credits the publisher's staff it names, so that a
 * later lookup knows the article. The answer never waits for that, nor for its write (see AttributionRequests).
 */
function attributionOf(
  outlet: OutletMatch,
  { url: given, canonicalUrl: url }: VerifyArticleInput,
  caller: { key: string } | undefined,
): AttributionPayload {
  // The address as given, without its fragment (the fetcher parses it; the schema has checked it is a URL).
  const trimmed = given.trim();
  const hash = trimmed.indexOf('#');
  const address = hash === -1 ? trimmed : trimmed.slice(0, hash);
  return { url, address, publisherId: outlet.publisherId, ...(caller ? { askedBy: caller.key } : {}) };
}

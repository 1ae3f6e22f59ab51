import {
  entityTagOf,
  NO_VERIFIED_AUTHOR_MESSAGE,
  domainInfoOf,
  hostOfCanonical,
  toVerifyArticleArticle,
  type AuthorEvidence,
  type OutletDigest,
  type OutletDigests,
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

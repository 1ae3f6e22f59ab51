import { toVerifyArticleArticle } from '../domain/mappers';
import { entityTagOf, type TaggedAnswer } from '../domain/rendered-answers';
import { domainInfoOf } from '../publishers/domain-info';
import type { PublisherMatch } from '../publishers/publishers-repository';
import type { OutletDigest } from './outlet-digests-repository';
import type { RenderedOutlet } from './rendered-outlet';

export type { RenderedOutlet } from './rendered-outlet';

/** The message of a `domain_verified` answer: the article is not known, its outlet is. */
export const DOMAIN_VERIFIED_MESSAGE = 'This article is not known to Byline, but its domain belongs to a verified publisher.';

const tagged = (json: string): TaggedAnswer => ({ json, etag: entityTagOf(json) });

/** The v2 answers of this publisher's domain, with what is known of its staff and their articles there. */
export function renderOutlet(match: PublisherMatch, digest: OutletDigest): RenderedOutlet {
  const domainInfo = JSON.stringify(domainInfoOf(match));
  const known = digest.journalists.length > 0 || digest.articles.length > 0;
  const plus = known
    ? `,"journalists":${JSON.stringify(journalistsOf(digest))},"articles":${JSON.stringify(articlesOf(digest))}`
    : '';
  const type = known ? 'domain_verified_plus' : 'domain_verified';
  return {
    domainInfo: tagged(domainInfo),
    outlet: tagged(
      `{"type":"${type}","verified":false,"message":${JSON.stringify(DOMAIN_VERIFIED_MESSAGE)},"domain_info":${domainInfo}${plus}}`,
    ),
  };
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

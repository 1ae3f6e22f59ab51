import type { TaggedAnswer } from '../domain/rendered-answers';

/** What v2 answers of a verified publisher's proven domain, rendered when the publisher or its staff change. */
export interface RenderedOutlet {
  /** `domain_info`, added to the `article_verified` answer of an article on the domain. */
  domainInfo: TaggedAnswer;
  /** The whole answer for an article not known on the domain: `domain_verified_plus`, or `domain_verified`. */
  outlet: TaggedAnswer;
}

import type { Publishers } from '@byline/domain/publishers/publishers-repository';
import type { PublisherDomains } from '@byline/domain/publishers/publisher-domains-repository';
import type { PublisherHistory } from '@byline/domain/publishers/publisher-history-repository';

/**
 * Takes a domain off its publisher. The publisher's trust.txt summary goes too when it was read from that domain:
 * what a file on a domain the publisher no longer holds says (its memberships in v2's `domain_info`) no longer
 * speaks for it; the next reading (a domain's first proof, the worker's re-checks) reads its other domain's file.
 */
export async function removePublisherDomain(
  {
    publishers,
    publisherDomains,
    publisherHistory,
  }: {
    publishers: Pick<Publishers, 'findById'>;
    publisherDomains: Pick<PublisherDomains, 'removeDomain'>;
    publisherHistory: Pick<PublisherHistory, 'setTrust'>;
  },
  publisherId: number,
  domain: string,
  actor: string,
  now: Date,
): Promise<boolean> {
  const removed = await publisherDomains.removeDomain(publisherId, domain, actor, now);
  if (removed && (await publishers.findById(publisherId))?.trust?.domain === domain) {
    await publisherHistory.setTrust(publisherId, null, now);
  }
  return removed;
}

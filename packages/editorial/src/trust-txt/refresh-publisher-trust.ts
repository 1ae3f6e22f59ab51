import type { PublisherDomains } from '@byline/domain/publishers/publisher-domains-repository';
import type { PublisherHistory } from '@byline/domain/publishers/publisher-history-repository';
import { readTrustTxt, type TrustTxtSources } from './read-trust-txt';

/**
 * Reads the publisher's trust.txt again and keeps what it says: from its first proven domain (by name), the one its
 * answers name first. A publisher with no proven domain keeps no summary (a file on a domain it has not proven says
 * nothing of it). Run after a domain is proven and on the domains' re-check schedule.
 */
export async function refreshPublisherTrust(
  {
    publisherDomains,
    publisherHistory,
  }: { publisherDomains: Pick<PublisherDomains, 'domainsOf'>; publisherHistory: Pick<PublisherHistory, 'setTrust'> },
  publisherId: number,
  options: { sources: TrustTxtSources; now: Date },
): Promise<void> {
  const proven = (await publisherDomains.domainsOf(publisherId)).filter((domain) => domain.state === 'proven');
  const main = proven.map((domain) => domain.domain).sort()[0];
  const summary = main ? await readTrustTxt(main, { ...options.sources, now: () => options.now }) : null;
  await publisherHistory.setTrust(publisherId, summary, options.now);
}

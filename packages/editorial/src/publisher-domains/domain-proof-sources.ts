import type { Config } from '@byline/domain/config/config';
import { createSafeFetch, nameResolverOf, outboundOf } from '@byline/fetcher';
import type { DomainProofSources } from './check-domain-proof';

/** A proof file is a line or two: anything longer is not one. */
const MAX_BYTES = 4 * 1024;
const TIMEOUT_MS = 5000;

/**
 * The DNS and the fetch a domain check uses, as the configuration has them: DNS_SERVERS for the TXT record, and the
 * SSRF-safe fetch (ALLOWED_PRIVATE_ADDRESSES, OUTBOUND_CA_FILE) for the well-known file — https only, no redirect followed (the file
 * must be the domain's own), 200 only, 4 KB at most, 5 s.
 */
export function domainProofSourcesOf(
  config: Pick<Config, 'allowedPrivateAddresses' | 'dnsServers'> & Partial<Pick<Config, 'outboundCa'>>,
): DomainProofSources {
  const resolver = nameResolverOf(config);
  const fetch = createSafeFetch({ ...outboundOf(config), timeoutMs: TIMEOUT_MS, maxBytes: MAX_BYTES });
  return {
    txt: (name) => resolver.txt(name),
    async fetchText(url) {
      const response = await fetch(url);
      if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
      return response.text();
    },
  };
}

import type { Config } from '@byline/domain/config/config';
import { DEFAULT_BLUESKY_PLC_URL } from '@byline/domain/config/config';
import { createSafeFetch, nameResolverOf, outboundOf } from '@byline/fetcher';
import type { BlueskySources } from './bluesky-identity';

/** A DID document, a handle's well-known file or a profile record is a few kilobytes; a slow server fails the read. */
const MAX_BYTES = 64 * 1024;
const TIMEOUT_MS = 5000;

/**
 * Where Bluesky identities are read, as the configuration has it: DNS_SERVERS for `_atproto` TXT records, the
 * SSRF-safe fetch (ALLOWED_PRIVATE_ADDRESSES, OUTBOUND_CA_FILE) for handles' well-known files, DID documents and
 * PDS records, and the PLC directory at BLUESKY_PLC_URL.
 */
export function blueskySourcesOf(
  config: Pick<Config, 'allowedPrivateAddresses' | 'dnsServers'> & Partial<Pick<Config, 'outboundCa' | 'blueskyPlcUrl'>>,
): BlueskySources {
  const resolver = nameResolverOf(config);
  return {
    txt: (name) => resolver.txt(name),
    fetch: createSafeFetch({ ...outboundOf(config), timeoutMs: TIMEOUT_MS, maxBytes: MAX_BYTES }),
    plcUrl: (config.blueskyPlcUrl ?? DEFAULT_BLUESKY_PLC_URL).replace(/\/+$/, ''),
  };
}

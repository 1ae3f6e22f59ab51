import type { Config } from '@byline/shared';
import { createSafeFetch, outboundOf, type SafeFetch } from '@byline/shared/fetch';
import type { TrustTxtSources } from './read-trust-txt';

/** A trust.txt is a few dozen lines; an association listing its members runs to a few thousand at most. */
const MAX_BYTES = 64 * 1024;
const TIMEOUT_MS = 5000;
/** Enough for /trust.txt → /.well-known/trust.txt and a trailing-slash or two. */
const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * The body of a trust.txt at `url` by `fetch`: redirects followed only on the same host and scheme (the file must be
 * the site's own, not one another host serves for it), 200 only, a text type (or none), the size and time limits
 * being `fetch`'s. Throws an error whose message says what was wrong, for the summary to show.
 */
export async function fetchTrustTxtText(fetch: SafeFetch, url: string): Promise<string> {
  const start = new URL(url);
  let current = start;
  for (let hop = 0; ; hop++) {
    const response = await fetch(current);
    if (REDIRECTS.has(response.status)) {
      void response.body?.cancel();
      const location = response.headers.get('location');
      if (!location) throw new Error(`HTTP ${response.status} without a Location`);
      const next = new URL(location, current);
      if (next.protocol !== start.protocol || next.host !== start.host) {
        throw new Error(`redirected to another host (${next.protocol}//${next.host})`);
      }
      if (hop >= MAX_REDIRECTS) throw new Error('too many redirects');
      current = next;
      continue;
    }
    if (response.status !== 200) {
      void response.body?.cancel();
      throw new Error(`HTTP ${response.status}`);
    }
    const type = response.headers.get('content-type');
    if (type && !/^text\//i.test(type.trim())) {
      void response.body?.cancel();
      throw new Error(`not text (${type})`);
    }
    return response.text();
  }
}

/**
 * How trust.txt files are read, as the configuration has it: the SSRF-safe fetch (ALLOWED_PRIVATE_ADDRESSES,
 * DNS_SERVERS) — https only, redirects followed on the same host only, 200 only, text, 64 KB at most, 5 s.
 */
export function trustTxtSourcesOf(
  config: Pick<Config, 'allowedPrivateAddresses' | 'dnsServers'> & Partial<Pick<Config, 'outboundCa'>>,
): TrustTxtSources {
  const fetch = createSafeFetch({ ...outboundOf(config), timeoutMs: TIMEOUT_MS, maxBytes: MAX_BYTES });
  return {
    fetchText(url) {
      if (new URL(url).protocol !== 'https:') return Promise.reject(new Error('not an https address'));
      return fetchTrustTxtText(fetch, url);
    },
  };
}

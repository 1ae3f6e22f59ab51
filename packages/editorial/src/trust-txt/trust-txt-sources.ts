import type { Config } from '@byline/domain/config/config';
import {
  createSafeFetch,
  fetchFailureOf,
  fetchFollowingRedirects,
  outboundOf,
  REDIRECT_STATUSES,
  type FetchFailure,
  type SafeFetch,
} from '@byline/fetcher';
import type { TrustTxtSources } from './read-trust-txt';

/** A trust.txt is a few dozen lines; an association listing its members runs to a few thousand at most. */
const MAX_BYTES = 64 * 1024;
const TIMEOUT_MS = 5000;
/** Enough for /trust.txt → /.well-known/trust.txt and a trailing-slash or two. */
const MAX_REDIRECTS = 3;

/**
 * The body of a trust.txt at `url` by `fetch`: redirects followed only on the same host and scheme (the file must be
 * the site's own, not one another host serves for it), 200 only, a text type (or none), the size and time limits
 * being `fetch`'s. Throws an error whose message says what was wrong, for the summary to show.
 */
export async function fetchTrustTxtText(fetch: SafeFetch, url: string): Promise<string> {
  const start = new URL(url);
  const redirects = {
    maxRedirects: MAX_REDIRECTS,
    nextHop: (location: string, from: URL) => {
      const next = new URL(location, from);
      if (next.protocol !== start.protocol || next.host !== start.host) {
        throw new Error(`redirected to another host (${next.protocol}//${next.host})`);
      }
      return next;
    },
    tooMany: () => new Error('too many redirects'),
  };
  const plainFetch: SafeFetch = (input, init) => plainly(() => fetch(input, init));
  const { response } = await fetchFollowingRedirects(plainFetch, start, {}, redirects);
  if (REDIRECT_STATUSES.has(response.status)) {
    void response.body?.cancel();
    throw new Error(`HTTP ${response.status} without a Location`);
  }
  if (response.status !== 200) {
    void response.body?.cancel();
    throw new Error(
      response.status === 404 || response.status === 410
        ? `not found (HTTP ${response.status})`
        : `the site answered HTTP ${response.status} instead of the file`,
    );
  }
  const type = response.headers.get('content-type');
  if (type && !/^text\//i.test(type.trim())) {
    void response.body?.cancel();
    throw new Error(`not a text file (it is ${type.split(';')[0]!.trim()})`);
  }
  return plainly(() => response.text());
}

/**
 * What went wrong reading the file, in words an outlet's admin can act on (the summary shows it): not found, not
 * reachable, timed out, a refused certificate, too large, an address that is not public.
 */
const PLAIN_FAILURES: Record<FetchFailure, string> = {
  timeout: `timed out: no answer within ${TIMEOUT_MS / 1000} seconds`,
  unresolved: 'not reachable: the name does not resolve',
  'unsafe-address': 'not reachable: its address is not a public internet address',
  'too-large': `too large: a trust.txt is at most ${MAX_BYTES / 1024} KB here`,
  certificate: 'not reachable: its HTTPS certificate was refused',
  refused: 'not reachable: the connection was refused',
  cut: 'not reachable: the connection was cut',
  other: 'not reachable',
};

export const plainFetchFailure = (error: unknown): string => PLAIN_FAILURES[fetchFailureOf(error)];

/** Runs a network step, its failure said plainly (see plainFetchFailure). */
async function plainly<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw new Error(plainFetchFailure(error), { cause: error });
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

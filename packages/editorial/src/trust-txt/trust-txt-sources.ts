import type { Config } from '@byline/domain/config/config';
import { createSafeFetch, fetchFollowingRedirects, outboundOf, REDIRECT_STATUSES, type SafeFetch } from '@byline/fetcher';
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

/** The network's error, and the errors it was caused by, outermost first ("fetch failed" says only that it failed). */
function* causes(error: unknown): Generator<{ name?: string; code?: string; message?: string }> {
  for (let seen = 0; error && typeof error === 'object' && seen < 5; seen++) {
    yield error as { name?: string; code?: string; message?: string };
    error = (error as { cause?: unknown }).cause;
  }
}

/**
 * What went wrong reading the file, in words an outlet's admin can act on (the summary shows it): not found, not
 * reachable, timed out, a refused certificate, too large, an address that is not public.
 */
export function plainFetchFailure(error: unknown): string {
  for (const { name, code = '', message = '' } of causes(error)) {
    if (name === 'TimeoutError' || name === 'AbortError' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT')
      return `timed out: no answer within ${TIMEOUT_MS / 1000} seconds`;
    if (name === 'UnresolvedHostError' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')
      return 'not reachable: the name does not resolve';
    if (name === 'UnsafeAddressError') return 'not reachable: its address is not a public internet address';
    if (name === 'ResponseTooLargeError') return `too large: a trust.txt is at most ${MAX_BYTES / 1024} KB here`;
    if (/CERT|SSL|TLS/i.test(code) || /certificate/i.test(message)) return 'not reachable: its HTTPS certificate was refused';
    if (code === 'ECONNREFUSED') return 'not reachable: the connection was refused';
    if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'not reachable: the connection was cut';
  }
  return 'not reachable';
}

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

import robotsParser from 'robots-parser';
import type { Config } from '@byline/domain/config/config';
import { createSafeFetch, fetchFollowingRedirects, outboundOf, type RedirectRules, type SafeFetch } from '@byline/fetcher';

/** The product token Byline's crawler answers to in robots.txt (`User-agent: BylineBot`). */
export const BYLINE_BOT = 'BylineBot';
/** The User-Agent header of its requests: the token first, as robots.txt matching expects, then where to read about it. */
export const BYLINE_BOT_USER_AGENT = `${BYLINE_BOT}/1.0 (+article attribution for verified publishers)`;

/** What a site's robots.txt lets BylineBot do, as read once. */
export type RobotsRules =
  /** Read and parsed: ask it per address. */
  | { kind: 'rules'; allows(url: string): boolean; crawlDelayMs: number | null }
  /** No file (4xx): everything may be fetched (RFC 9309, 2.3.1.3). */
  | { kind: 'none' }
  /** The file could not be read (5xx, no answer): nothing may be fetched for now (RFC 9309, 2.3.1.4); try later. */
  | { kind: 'unreachable'; reason: string };

/** A robots.txt as its host served it: the status of the last answer (redirects followed) and its body. */
export interface RobotsResponse {
  status: number;
  body: string;
}

/** How robots.txt files are fetched: the response at an address, or an error when there was none. */
export type RobotsFetcher = (url: string) => Promise<RobotsResponse>;

/** RFC 9309 asks crawlers to read at least 500 KiB of a file and allows ignoring what follows. */
const MAX_BYTES = 512 * 1024;
const TIMEOUT_MS = 5000;
/** RFC 9309, 2.3.1.2: at least five redirects followed. */
const MAX_REDIRECTS = 5;

/** Reads `https://HOST/robots.txt` and what it says for BylineBot (see RobotsRules). */
export async function readRobotsTxt(fetchRobots: RobotsFetcher, host: string): Promise<RobotsRules> {
  const url = `https://${host}/robots.txt`;
  let response: RobotsResponse;
  try {
    response = await fetchRobots(url);
  } catch (error) {
    return { kind: 'unreachable', reason: `${url} could not be read: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (response.status >= 500) return { kind: 'unreachable', reason: `${url} answered HTTP ${response.status}` };
  if (response.status >= 400) return { kind: 'none' };
  if (response.status !== 200) return { kind: 'unreachable', reason: `${url} answered HTTP ${response.status}` };
  const robot = robotsParser(url, response.body);
  const delay = robot.getCrawlDelay(BYLINE_BOT);
  return {
    kind: 'rules',
    // undefined: an address on another host, which this file does not govern; the caller asks only of its own host.
    allows: (address) => robot.isAllowed(address, BYLINE_BOT) !== false,
    crawlDelayMs: typeof delay === 'number' && Number.isFinite(delay) && delay > 0 ? delay * 1000 : null,
  };
}

/**
 * robots.txt fetched by `fetch` (the SSRF-safe fetch): redirects followed by hand, every hop's address checked by
 * the fetch, the status and body of the last answer; a body past the size limit fails the read.
 */
export function robotsFetcherOf(fetch: SafeFetch): RobotsFetcher {
  const redirects: RedirectRules = {
    maxRedirects: MAX_REDIRECTS,
    nextHop: (location, from) => {
      const url = new URL(location, from);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('redirected off the web');
      return url;
    },
    tooMany: () => new Error('too many redirects'),
  };
  const init = { headers: { 'User-Agent': BYLINE_BOT_USER_AGENT, Accept: 'text/plain' } };
  return async (address) => {
    const { response } = await fetchFollowingRedirects(fetch, new URL(address), init, redirects);
    if (response.status !== 200) {
      void response.body?.cancel();
      return { status: response.status, body: '' };
    }
    return { status: 200, body: await response.text() };
  };
}

/** The robots.txt fetcher the configuration gives (ALLOWED_PRIVATE_ADDRESSES, DNS_SERVERS, OUTBOUND_CA_FILE). */
export function robotsFetcherFrom(
  config: Pick<Config, 'allowedPrivateAddresses' | 'dnsServers'> & Partial<Pick<Config, 'outboundCa'>>,
): RobotsFetcher {
  return robotsFetcherOf(createSafeFetch({ ...outboundOf(config), timeoutMs: TIMEOUT_MS, maxBytes: MAX_BYTES }));
}

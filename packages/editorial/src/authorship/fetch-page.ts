import {
  createSafeFetch,
  fetchFailureOf,
  fetchFollowingRedirects,
  type RedirectRules,
  type SafeFetchOptions,
} from '@byline/fetcher';

export interface FetchedPage {
  /** The address after redirects. */
  url: string;
  html: string;
}

export type PageFetcher = (address: string) => Promise<FetchedPage>;

export interface PageFetcherOptions extends Pick<SafeFetchOptions, 'policy' | 'resolve' | 'ca'> {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** The User-Agent header: the portal's by default; the worker's attribution names its crawler (BylineBot). */
  userAgent?: string;
}

/** A fetch that failed, with a message fit to show the journalist. */
export class PageFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PageFetchError';
  }
}

const HEADERS = {
  'User-Agent': 'BylinePortal/1.0 (+article metadata)',
  Accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
};

function parseAddress(address: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(address.trim(), base);
  } catch {
    throw new PageFetchError('This is not a valid web address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new PageFetchError('Only http:// and https:// addresses can be fetched.');
  if (url.username || url.password) throw new PageFetchError('Addresses with a user name or password are not fetched.');
  return url;
}

/**
 * The article-page fetcher: the SSRF-safe fetch (createSafeFetch, with the address policy and resolver of
 * the configuration) with the rules of a page a journalist links: http(s) only, no credentials in the address;
 * every redirect followed by hand, its address parsed and its connection checked; 5 s for the whole fetch,
 * redirects included; at most 2 MB read (after decompression); HTML only; errors worded for the journalist.
 */
export function createPageFetcher(options: PageFetcherOptions = {}): PageFetcher {
  const { policy, resolve, ca, timeoutMs = 5000, maxBytes = 2 * 1024 * 1024, maxRedirects = 5, userAgent } = options;
  const headers = userAgent ? { ...HEADERS, 'User-Agent': userAgent } : HEADERS;
  const fetch = createSafeFetch({ policy, resolve, ca, timeoutMs, maxBytes });
  const tooLarge = () => new PageFetchError(`The page is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
  const redirects: RedirectRules = {
    maxRedirects,
    nextHop: (location, from) => parseAddress(location, from),
    tooMany: () => new PageFetchError('The address redirects too many times.'),
  };

  return async (address) => {
    const url = parseAddress(address);
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const { url: final, response } = await fetchFollowingRedirects(fetch, url, { headers, signal }, redirects);
      if (response.status >= 400) {
        void response.body?.cancel();
        throw new PageFetchError(`The site answered with an error (HTTP ${response.status}).`);
      }
      const type = response.headers.get('content-type') ?? '';
      if (type && !/text\/html|application\/xhtml\+xml/i.test(type)) {
        void response.body?.cancel();
        throw new PageFetchError('This address is not a web page (it is not HTML).');
      }
      return { url: final.href, html: decode(Buffer.from(await response.arrayBuffer()), type) };
    } catch (error) {
      if (error instanceof PageFetchError) throw error;
      const failure = fetchFailureOf(error);
      if (signal.aborted || failure === 'timeout')
        throw new PageFetchError(`The site took longer than ${timeoutMs / 1000} s to answer.`);
      if (failure === 'unsafe-address')
        throw new PageFetchError('This address points to a private or local network, which Byline does not fetch.');
      if (failure === 'unresolved') throw new PageFetchError('This site’s name does not resolve.');
      if (failure === 'too-large') throw tooLarge();
      throw new PageFetchError('The page could not be fetched (the site did not answer).');
    }
  };
}

function decode(body: Buffer, contentType: string): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/** Pages a run keeps at most (onceEach): a run's author pages are few; a hostile set of links cannot fill memory. */
const PAGES_KEPT = 500;

/**
 * A fetcher that reads each address once for as long as it is kept (one run of the worker's checks): a site's
 * author page, credited by many of its articles, is fetched once however many of them are checked. A failed read
 * is kept too: the page is not asked again in the same run.
 */
export function onceEach(fetchPage: PageFetcher): PageFetcher {
  const pages = new Map<string, Promise<FetchedPage>>();
  return (address) => {
    let page = pages.get(address);
    if (!page) {
      page = fetchPage(address);
      if (pages.size < PAGES_KEPT) pages.set(address, page);
    }
    return page;
  };
}

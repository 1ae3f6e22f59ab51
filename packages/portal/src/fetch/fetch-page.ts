import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import zlib from 'node:zlib';
import type { Readable } from 'node:stream';
import { isAllowedAddress } from '@byline/shared';

export interface FetchedPage {
  /** The address after redirects. */
  url: string;
  html: string;
}

export type PageFetcher = (address: string) => Promise<FetchedPage>;

export interface ResolvedAddress {
  address: string;
  family: number;
}
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface PageFetcherOptions {
  /** Name resolution; the system resolver by default. Tests inject one so no traffic leaves the machine. */
  resolve?: Resolver;
  /** Tests only: lets the fetcher reach a local test server. Never read from the environment. */
  allowLoopback?: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

/** A fetch that failed, with a message fit to show the journalist. */
export class PageFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PageFetchError';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });
const refused = () => new PageFetchError('This address points to a private or local network, which Byline does not fetch.');

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
 * An SSRF-safe page fetcher: http(s) only; every host is resolved and each of its addresses checked
 * before connecting, and the connection goes to the checked address (no second lookup to race); every
 * redirect is followed by hand and checked the same way; 5 s for the whole fetch; at most 2 MB read.
 */
export function createPageFetcher(options: PageFetcherOptions = {}): PageFetcher {
  const {
    resolve = systemResolver,
    allowLoopback = false,
    timeoutMs = 5000,
    maxBytes = 2 * 1024 * 1024,
    maxRedirects = 5,
  } = options;
  const allowed = (address: string) => isAllowedAddress(address, { allowLoopback });

  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (addresses) => {
        if (!addresses.length) return callback(new PageFetchError('This site’s name does not resolve.'), '', 4);
        if (!addresses.every((a) => allowed(a.address))) return callback(refused(), '', 4);
        if (lookupOptions.all) return (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, addresses);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      () => callback(new PageFetchError('This site’s name does not resolve.'), '', 4),
    );
  };

  function requestOnce(url: URL, signal: AbortSignal): Promise<http.IncomingMessage> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host) && !allowed(host)) return Promise.reject(refused());
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise((resolvePromise, reject) => {
      const request = transport.get(url, {
        lookup,
        signal,
        agent: false,
        headers: {
          'User-Agent': 'BylinePortal/1.0 (+article metadata)',
          Accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
          'Accept-Encoding': 'gzip, deflate, br',
        },
      });
      request.on('response', resolvePromise);
      request.on('error', reject);
    });
  }

  return async (address) => {
    let url = parseAddress(address);
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      for (let hop = 0; hop <= maxRedirects; hop++) {
        const response = await requestOnce(url, signal);
        const status = response.statusCode ?? 0;
        if (REDIRECTS.has(status) && response.headers.location) {
          response.resume();
          url = parseAddress(response.headers.location, url);
          continue;
        }
        if (status >= 400) {
          response.resume();
          throw new PageFetchError(`The site answered with an error (HTTP ${status}).`);
        }
        const type = response.headers['content-type'] ?? '';
        if (type && !/text\/html|application\/xhtml\+xml/i.test(type)) {
          response.resume();
          throw new PageFetchError('This address is not a web page (it is not HTML).');
        }
        const body = await readCapped(response, maxBytes);
        return { url: url.href, html: decode(body, type) };
      }
      throw new PageFetchError('The address redirects too many times.');
    } catch (error) {
      if (error instanceof PageFetchError) throw error;
      if (signal.aborted) throw new PageFetchError(`The site took longer than ${timeoutMs / 1000} s to answer.`);
      throw new PageFetchError('The page could not be fetched (the site did not answer).');
    }
  };
}

function decompressed(response: http.IncomingMessage): Readable {
  switch ((response.headers['content-encoding'] ?? '').toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(zlib.createGunzip());
    case 'deflate':
      return response.pipe(zlib.createInflate());
    case 'br':
      return response.pipe(zlib.createBrotliDecompress());
    default:
      return response;
  }
}

async function readCapped(response: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new PageFetchError(`The page is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
  if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const stream = decompressed(response);
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw tooLarge();
      chunks.push(chunk as Buffer);
    }
  } finally {
    response.destroy();
  }
  return Buffer.concat(chunks);
}

function decode(body: Buffer, contentType: string): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

import type { SafeFetch } from './safe-fetch';

/** The answers that send a client on to the address in their Location header. */
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

export interface RedirectRules {
  /** Redirects followed at most; one more is `tooMany()`. */
  maxRedirects: number;
  /**
   * The next address from a Location header, read against the address that sent it. Throws the reader's own error to
   * refuse it (off https, to another host, an address that does not parse): each reader words its refusals.
   */
  nextHop: (location: string, from: URL) => URL;
  /** The error thrown when the answer still redirects after `maxRedirects` hops. */
  tooMany: () => Error;
  /** Called with each address before it is fetched, the first included; throws to refuse it. */
  beforeFetch?: (url: URL) => void;
}

/** The first answer that is not a redirect, its body unread, and the address that gave it. */
export interface FinalAnswer {
  url: URL;
  response: Response;
}

/**
 * Fetches `first` and follows its redirects by hand, each hop through `fetch` (the SSRF-safe fetch, whose connector
 * checks every connection) and past the reader's `nextHop` rule; a redirect's body is dropped unread. A redirect
 * status without a Location is an answer like any other, for the reader to judge.
 */
export async function fetchFollowingRedirects(
  fetch: SafeFetch,
  first: URL,
  init: RequestInit,
  rules: RedirectRules,
): Promise<FinalAnswer> {
  let url = first;
  for (let hop = 0; ; hop++) {
    rules.beforeFetch?.(url);
    const response = await fetch(url, init);
    const location = response.headers.get('location');
    if (!REDIRECT_STATUSES.has(response.status) || !location) return { url, response };
    void response.body?.cancel();
    if (hop >= rules.maxRedirects) throw rules.tooMany();
    url = rules.nextHop(location, url);
  }
}

import {
  createSafeFetch,
  fetchFailureOf,
  fetchFollowingRedirects,
  type RedirectRules,
  type SafeFetchOptions,
} from '@byline/fetcher';
import { normaliseFediverseAccount } from '@byline/domain/social/fediverse-account';

/**
 * The other side of fediverse attribution: the domains a fediverse account allows to credit it. Mastodon (4.3 on)
 * shows an article's author only when the account its `fediverse:creator` names lists the page's domain in its
 * `attributionDomains`, which it publishes in its ActivityPub actor; Byline reads the same list, so a journalist who
 * set it on their account need not repeat it in Byline.
 */

/** What reading an account's actor found: its attributionDomains (empty when it lists none), or why it could not. */
export type ActorAttribution = { ok: true; domains: string[] } | { ok: false; reason: string };

/**
 * Reads a fediverse account's (`@user@host`) attributionDomains. Never throws for what the network or the server
 * did: a failed read is `ok: false` with a reason fit to show the journalist, and allows nothing.
 */
export type ActorReader = (account: string) => Promise<ActorAttribution>;

export interface ActorReaderOptions extends Pick<SafeFetchOptions, 'policy' | 'resolve' | 'ca'> {
  /** For the whole read, WebFinger and actor together. */
  timeoutMs?: number;
  /** The most each answer may hold: an actor is a few kilobytes, WebFinger's answer less. */
  maxBytes?: number;
  maxRedirects?: number;
}

/**
 * How many entries of an actor's list are read: Mastodon lets an account list 100 and keeps at most 256 of a
 * remote one's (ATTRIBUTION_DOMAINS_HARD_LIMIT); a longer list is cut there too.
 */
export const ACTOR_DOMAINS_READ = 256;

const WEBFINGER_ACCEPT = 'application/jrd+json, application/json;q=0.9';
const ACTIVITY_ACCEPT = 'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"';
const ACTIVITY_TYPE = /^application\/(?:activity\+json|ld\+json)\b/i;
const USER_AGENT = 'Byline/1.0 (+fediverse attribution check)';

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The actor's address in a WebFinger answer (RFC 7033): the first `self` link of an ActivityPub type, https only
 * (no user name or password in it). Null when there is none.
 */
export function actorAddressOf(jrd: unknown): string | null {
  if (!isObject(jrd) || !Array.isArray(jrd.links)) return null;
  for (const link of jrd.links.slice(0, 100)) {
    if (!isObject(link) || link.rel !== 'self' || typeof link.href !== 'string') continue;
    if (typeof link.type !== 'string' || !ACTIVITY_TYPE.test(link.type)) continue;
    let url: URL;
    try {
      url = new URL(link.href);
    } catch {
      continue;
    }
    if (url.protocol === 'https:' && !url.username && !url.password) return url.href;
  }
  return null;
}

/**
 * An actor's `attributionDomains` as written (see actorAllows for how they are read): the bare term Mastodon
 * publishes (`toot:attributionDomains`, whose values are ids), a list or a single value, each a string or an
 * object with an `id`; anything else is skipped. Empty when the actor has none.
 */
export function attributionDomainsOf(actor: unknown): string[] {
  if (!isObject(actor)) return [];
  const value = actor.attributionDomains;
  const items = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  return items.slice(0, ACTOR_DOMAINS_READ).flatMap((item) => {
    if (typeof item === 'string') return [item];
    if (isObject(item) && typeof item.id === 'string') return [item.id];
    return [];
  });
}

/** A read that failed for a reason the journalist is told (completes "could not be read: …"). */
class ActorReadError extends Error {}

/**
 * The actor reader: WebFinger at the account's host (`https://HOST/.well-known/webfinger?resource=acct:USER@HOST`),
 * then the actor it links, asked for as ActivityPub JSON, both through the SSRF-safe fetch (the outbound rules:
 * ALLOWED_PRIVATE_ADDRESSES, DNS_SERVERS, OUTBOUND_CA_FILE); https only, redirects followed by hand (each hop https,
 * its connection checked); 5 s for both, at most 256 KB each. The account's host answers for its accounts, so the
 * actor it links may be on another host (a domain delegating to its server); the actor document must name its own
 * server as its `id`'s, as ActivityPub has it.
 */
export function createActorReader(options: ActorReaderOptions = {}): ActorReader {
  const { policy, resolve, ca, timeoutMs = 5000, maxBytes = 256 * 1024, maxRedirects = 3 } = options;
  const fetch = createSafeFetch({ policy, resolve, ca, timeoutMs, maxBytes });

  const redirects: RedirectRules = {
    maxRedirects,
    nextHop: (location, from) => {
      let url: URL;
      try {
        url = new URL(location, from);
      } catch {
        throw new ActorReadError('its server redirects to an address that does not parse');
      }
      if (url.protocol !== 'https:') throw new ActorReadError('its server redirects away from https');
      return url;
    },
    tooMany: () => new ActorReadError('its server redirects too many times'),
  };

  const readJson = async (address: URL, accept: string, signal: AbortSignal): Promise<{ url: URL; body: unknown }> => {
    const init = { headers: { Accept: accept, 'User-Agent': USER_AGENT }, signal };
    const { url, response } = await fetchFollowingRedirects(fetch, address, init, redirects);
    if (response.status !== 200) {
      void response.body?.cancel();
      throw new ActorReadError(`its server answered with HTTP ${response.status}`);
    }
    const type = response.headers.get('content-type') ?? '';
    if (type && !/json/i.test(type)) {
      void response.body?.cancel();
      throw new ActorReadError('its server answered with something other than JSON');
    }
    const text = await response.text();
    try {
      return { url, body: JSON.parse(text) as unknown };
    } catch {
      throw new ActorReadError('its server answered with malformed JSON');
    }
  };

  return async (account) => {
    const normal = normaliseFediverseAccount(account);
    if (!normal) return { ok: false, reason: 'it is not a fediverse account address' };
    const [, user, host] = normal.split('@') as [string, string, string];
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const webfinger = new URL(`https://${host}/.well-known/webfinger`);
      webfinger.searchParams.set('resource', `acct:${user}@${host}`);
      const { body: jrd } = await readJson(webfinger, WEBFINGER_ACCEPT, signal);
      const actorAddress = actorAddressOf(jrd);
      if (!actorAddress) return { ok: false, reason: 'its WebFinger answer links no ActivityPub actor' };
      const { url, body: actor } = await readJson(new URL(actorAddress), ACTIVITY_ACCEPT, signal);
      if (!isObject(actor)) return { ok: false, reason: 'its actor document is not an object' };
      if (!sameHost(actor.id, url)) return { ok: false, reason: 'its actor document names another server as its own' };
      return { ok: true, domains: attributionDomainsOf(actor) };
    } catch (error) {
      if (error instanceof ActorReadError) return { ok: false, reason: error.message };
      const failure = fetchFailureOf(error);
      if (signal.aborted || failure === 'timeout')
        return { ok: false, reason: `its server took longer than ${timeoutMs / 1000} s to answer` };
      if (failure === 'unsafe-address')
        return { ok: false, reason: 'its server is on a private or local network, which Byline does not fetch' };
      if (failure === 'unresolved') return { ok: false, reason: `${host} does not resolve` };
      if (failure === 'too-large')
        return { ok: false, reason: `its server’s answer is larger than ${Math.round(maxBytes / 1024)} KB` };
      // Whatever else went wrong on the way (a refused connection, a broken certificate), the side stays closed.
      return { ok: false, reason: 'its server did not answer' };
    }
  };
}

function sameHost(id: unknown, url: URL): boolean {
  if (typeof id !== 'string') return false;
  try {
    return new URL(id).host === url.host;
  } catch {
    return false;
  }
}

/**
 * A reader that reads each account once for as long as it is kept (one run of the worker's checks): a journalist's
 * articles are re-checked together, and their account is asked once. A failed read is kept too.
 */
export function onceEachAccount(readActor: ActorReader): ActorReader {
  const reads = new Map<string, Promise<ActorAttribution>>();
  return (account) => {
    const key = (normaliseFediverseAccount(account) ?? account).toLowerCase();
    let read = reads.get(key);
    if (!read) {
      read = readActor(account);
      if (reads.size < 500) reads.set(key, read);
    }
    return read;
  };
}

import { getPublicSuffix } from 'tldts';
import { coversHost } from '@byline/domain/publishers/domain-covers';
/**
 * The domains whose pages may credit a journalist. Markup that credits them anywhere else is only a mention:
 * anyone can publish a page that links to a journalist, so a link counts as proof only on sites the journalist
 * named. Like Mastodon's attribution domains, a listed domain covers its subdomains too.
 */

/** How many domains a profile may list: enough for every outlet a freelancer writes for, small enough to check quickly. */
export const MAX_ATTRIBUTION_DOMAINS = 100;

/** The value cannot be an attribution domain; the message completes "This domain …". */
export class InvalidAttributionDomainError extends Error {}

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/**
 * The form a domain is stored and compared in: lower-case, international names in punycode (as `new URL` writes
 * hosts, so a page's host compares equal), no trailing dot. Accepts a bare host (`example.com`, `*.example.com`)
 * or an https address of a site's root (`https://example.com/`), since people paste either. Throws
 * InvalidAttributionDomainError for anything that is not a whole domain: another scheme, a path, a port, user
 * info, an IP address (an address is not a publisher, and its owner changes), a single label (`com`, `localhost`).
 */
export function normaliseAttributionDomain(input: string): string {
  let rest = input.trim();
  if (!rest) throw new InvalidAttributionDomainError('is empty');
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(rest);
  if (scheme) {
    if (scheme[1]!.toLowerCase() !== 'https')
      throw new InvalidAttributionDomainError('must be a domain name or an https address');
    rest = rest.slice(scheme[0].length);
  }
  const end = rest.search(/[/?#]/);
  const authority = end === -1 ? rest : rest.slice(0, end);
  const tail = end === -1 ? '' : rest.slice(end);
  if (tail && tail !== '/') throw new InvalidAttributionDomainError('must be a domain, without a path, query or fragment');
  if (authority.includes('@')) throw new InvalidAttributionDomainError('must be a domain, without a user name');
  if (authority.startsWith('[')) throw new InvalidAttributionDomainError('must be a domain name, not an IP address');
  if (authority.includes(':')) throw new InvalidAttributionDomainError('must be a domain, without a port');
  // `*.example.com` is how some people write "example.com and its subdomains", which is what a domain means here.
  const host = authority.replace(/^\*\./, '');
  let hostname: string;
  try {
    hostname = new URL(`https://${host}`).hostname.replace(/\.$/, '');
  } catch {
    throw new InvalidAttributionDomainError('is not a domain name');
  }
  // The URL parser turns any IPv4 form (`127.1`, `0x7f.0.0.1`) into dotted digits.
  if (/^[0-9.]+$/.test(hostname)) throw new InvalidAttributionDomainError('must be a domain name, not an IP address');
  const labels = hostname.split('.');
  if (hostname.length > 253 || !labels.every((label) => LABEL.test(label))) {
    throw new InvalidAttributionDomainError('is not a domain name');
  }
  if (labels.length < 2) throw new InvalidAttributionDomainError('must be a domain with at least two labels (example.com)');
  // A public suffix (co.uk, github.io) would let every site registered under it credit the journalist: the Public
  // Suffix List, as tldts keeps it (private suffixes included), says which names are one.
  if (getPublicSuffix(hostname, { allowPrivateDomains: true }) === hostname) {
    throw new InvalidAttributionDomainError('is a public suffix (like co.uk): name the outlet’s own domain');
  }
  return hostname;
}

/** A profile's list of domains, normalised, duplicates dropped; throws for a bad one or for more than the limit. */
export function normaliseAttributionDomains(inputs: readonly string[]): string[] {
  const domains = [...new Set(inputs.map(normaliseAttributionDomain))];
  if (domains.length > MAX_ATTRIBUTION_DOMAINS) {
    throw new InvalidAttributionDomainError(`must be at most ${MAX_ATTRIBUTION_DOMAINS} domains`);
  }
  return domains;
}

/**
 * Whether the page is on one of the domains or a subdomain of one: whole labels only, so `example.com` covers
 * `news.example.com` but not `badexample.com`. False for a page that is not an http(s) address. Domains that do
 * not normalise (a stored value from before a rule) are skipped rather than trusted.
 */
export function domainAllowed(pageUrl: string, domains: readonly string[]): boolean {
  let host: string;
  try {
    const url = new URL(pageUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    host = url.hostname.replace(/\.$/, '');
  } catch {
    return false;
  }
  return domains.some((raw) => {
    let domain: string;
    try {
      domain = normaliseAttributionDomain(raw);
    } catch {
      return false;
    }
    return coversHost(domain, host);
  });
}

/**
 * Whether a fediverse actor's `attributionDomains` allow the page to credit the account, by Mastodon's rule
 * (Account#can_be_attributed_from?): the page's host, or a name it is under, is in the list, so an entry covers its
 * subdomains — the rule domainAllowed applies to the journalist's own list (coversHost). Entries are read as
 * Mastodon stores them: trimmed, an `http://` or `https://` and a leading `*.` dropped. Unlike Mastodon, an entry
 * Byline's own list would refuse (a public suffix such as co.uk, an IP address, a single label) allows nothing: a
 * remote server's list is held to the rule a journalist's is, so `com` cannot let every site credit them.
 */
export function actorAllows(pageUrl: string, actorDomains: readonly string[]): boolean {
  return domainAllowed(
    pageUrl,
    actorDomains.map((entry) => entry.trim().replace(/^http:\/\//i, '')),
  );
}

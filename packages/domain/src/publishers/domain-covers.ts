/**
 * Whether `domain` covers `host`: the host is the domain itself or a name under it, whole labels only
 * (`news.example.org` covers `a.news.example.org`, never `anews.example.org`). The one rule behind a publisher's
 * proven domain answering for an article's host, its staff's articles counting on its outlet, and an author's
 * attribution domains. `domain` in its stored form (lower case, no trailing dot).
 */
export function coversHost(domain: string, host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === domain || name.endsWith(`.${domain}`);
}

/** coversHost for an address's host; false for an address that does not parse. */
export function domainCovers(domain: string, url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  return coversHost(domain, host);
}

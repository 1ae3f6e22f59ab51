import { canonicalizeUrl, InvalidUrlError, MAX_URL_LENGTH } from '@byline/domain/url/canonical-url';

/**
 * The rule as first written, with URL's parameters and regular expressions at every step: the stored article keys were
 * made by it, so any quicker form must give the very same key for every address.
 */
function canonicalAsFirstWritten(input: string): string {
  const url = new URL(input.trim());
  const host = url.hostname.replace(/^www\./, '').replace(/\.$/, '');
  const port = url.port === '80' || url.port === '443' ? '' : url.port;
  const path = url.pathname.replace(/\/+$/, '');
  const tracking = (name: string) => {
    const lower = name.toLowerCase();
    return lower.startsWith('utm_') || ['fbclid', 'gclid', 'mc_cid', 'mc_eid', 'igshid', 'ref_src', '_ga'].includes(lower);
  };
  const params = [...url.searchParams].filter(([name]) => !tracking(name));
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = params.length ? `?${new URLSearchParams(params).toString()}` : '';
  return `https://${host}${port ? `:${port}` : ''}${path}${query}`;
}

const CANONICAL = 'https://example-news.ie/world/harbour-towns';

describe('canonicalizeUrl', () => {
  it.each([
    ['the canonical form itself', CANONICAL],
    ['surrounding whitespace', `  ${CANONICAL}\n\t`],
    ['http', 'http://example-news.ie/world/harbour-towns'],
    ['an upper-case scheme', 'HTTPS://example-news.ie/world/harbour-towns'],
    ['an upper-case host', 'https://EXAMPLE-News.IE/world/harbour-towns'],
    ['www.', 'https://www.example-news.ie/world/harbour-towns'],
    ['WWW. in upper case', 'https://WWW.example-news.ie/world/harbour-towns'],
    ['the https default port', 'https://example-news.ie:443/world/harbour-towns'],
    ['the http default port', 'http://example-news.ie:80/world/harbour-towns'],
    ['port 80 on https', 'https://example-news.ie:80/world/harbour-towns'],
    ['a fragment', `${CANONICAL}#comments`],
    ['an empty fragment', `${CANONICAL}#`],
    ['a trailing slash', `${CANONICAL}/`],
    ['several trailing slashes', `${CANONICAL}///`],
    ['a trailing dot on the host', 'https://example-news.ie./world/harbour-towns'],
    ['utm_source', `${CANONICAL}?utm_source=twitter`],
    ['any utm_ parameter', `${CANONICAL}?utm_medium=a&utm_campaign=b&utm_term=c&utm_content=d&utm_id=e`],
    ['an upper-case UTM_SOURCE', `${CANONICAL}?UTM_SOURCE=x`],
    ['fbclid', `${CANONICAL}?fbclid=IwAR0`],
    ['gclid', `${CANONICAL}?gclid=Cj0`],
    ['mc_cid and mc_eid', `${CANONICAL}?mc_cid=1&mc_eid=2`],
    ['igshid', `${CANONICAL}?igshid=abc`],
    ['ref_src', `${CANONICAL}?ref_src=twsrc%5Etfw`],
    ['an empty query', `${CANONICAL}?`],
    ['everything at once', '  HTTP://WWW.Example-News.ie:80/world/harbour-towns/?utm_source=x&fbclid=y#top '],
  ])('reduces %s to the canonical form', (_form, input) => {
    expect(canonicalizeUrl(input)).toBe(CANONICAL);
  });

  it.each([
    ['keeps significant parameters', `${CANONICAL}?id=42`, `${CANONICAL}?id=42`],
    ['sorts significant parameters by name', `${CANONICAL}?b=2&a=1`, `${CANONICAL}?a=1&b=2`],
    ['drops tracking parameters between significant ones', `${CANONICAL}?b=2&utm_source=x&a=1`, `${CANONICAL}?a=1&b=2`],
    ['keeps path case', 'https://example-news.ie/World/Harbour-Towns', 'https://example-news.ie/World/Harbour-Towns'],
    ['keeps other ports', 'https://example-news.ie:8443/a', 'https://example-news.ie:8443/a'],
    ['keeps a bare host', 'https://example-news.ie', 'https://example-news.ie'],
    ['keeps a bare host with a slash', 'https://example-news.ie/', 'https://example-news.ie'],
    ['keeps a subdomain other than www', 'https://news.example.ie/a', 'https://news.example.ie/a'],
    ['keeps parameter values case', `${CANONICAL}?id=AbC`, `${CANONICAL}?id=AbC`],
  ])('%s', (_rule, input, expected) => {
    expect(canonicalizeUrl(input)).toBe(expected);
  });

  it('gives different keys for a different path case and a different significant parameter', () => {
    expect(canonicalizeUrl('https://example-news.ie/World')).not.toBe(canonicalizeUrl('https://example-news.ie/world'));
    expect(canonicalizeUrl(`${CANONICAL}?id=1`)).not.toBe(canonicalizeUrl(`${CANONICAL}?id=2`));
  });

  it.each([
    ['empty', ''],
    ['whitespace', '   '],
    ['relative', '/world/harbour-towns'],
    ['without a scheme', 'example-news.ie/world'],
    ['ftp', 'ftp://example-news.ie/file'],
    ['mailto', 'mailto:desk@example-news.ie'],
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:text/html,hi'],
    ['file', 'file:///etc/passwd'],
    ['a broken address', 'https://'],
    ['over the length limit', `https://example-news.ie/${'a'.repeat(MAX_URL_LENGTH)}`],
  ])('rejects %s with InvalidUrlError', (_case, input) => {
    expect(() => canonicalizeUrl(input)).toThrow(InvalidUrlError);
  });

  it('accepts an address of exactly the length limit', () => {
    const url = `https://example-news.ie/${'a'.repeat(MAX_URL_LENGTH - 'https://example-news.ie/'.length)}`;
    expect(url).toHaveLength(MAX_URL_LENGTH);
    expect(canonicalizeUrl(url)).toBe(url);
  });

  it('gives the key the rule as first written gives, for every form of address', () => {
    const hosts = [
      'example-news.ie',
      'WWW.Example-News.ie.',
      'www.www.example.ie',
      'xn--bcher-kva.example',
      'bücher.example',
      '[::1]',
      '127.0.0.1',
      'www.',
    ];
    const ports = ['', ':80', ':443', ':8080', ':0443'];
    const paths = ['', '/', '//', '/a/b/', '/A%20b//', '/ä/é', '/a/./b/../c', '/%2F/', '/a;b=c/'];
    const queries = [
      '',
      '?',
      '??',
      '?utm_source=x',
      '?b=2&a=1',
      '?a=1&utm_medium=y&A=2',
      '?q=a+b%20c',
      '?=&&x',
      '?fbclid=1&gclid=2',
      '?a=%zz',
      '?é=ü',
    ];
    const fragments = ['', '#', '#x?y'];
    let compared = 0;
    for (const scheme of ['https://', 'HTTP://'])
      for (const host of hosts)
        for (const port of ports)
          for (const path of paths)
            for (const query of queries)
              for (const fragment of fragments) {
                const address = `${scheme}${host}${port}${path}${query}${fragment}`;
                let expected: string;
                try {
                  expected = canonicalAsFirstWritten(address);
                } catch {
                  continue;
                }
                expect([address, canonicalizeUrl(address)]).toEqual([address, expected]);
                compared++;
              }
    expect(compared).toBeGreaterThan(10_000);
  });
});

import { canonicalizeUrl, InvalidUrlError, MAX_URL_LENGTH } from '@byline/domain/url/canonical-url';

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
});

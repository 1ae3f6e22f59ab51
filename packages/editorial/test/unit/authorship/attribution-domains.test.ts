import {
  domainAllowed,
  InvalidAttributionDomainError,
  MAX_ATTRIBUTION_DOMAINS,
  normaliseAttributionDomain,
  normaliseAttributionDomains,
} from '../../../src/authorship/attribution-domains';

describe('normaliseAttributionDomain', () => {
  it.each([
    ['example.com', 'example.com'],
    ['  News.Example.COM  ', 'news.example.com'],
    ['*.example.com', 'example.com'],
    ['https://example.com', 'example.com'],
    ['HTTPS://Example.com/', 'example.com'],
    ['example.com.', 'example.com'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['https://www.irishtimes.com/', 'www.irishtimes.com'],
  ])('normalises %j to %j', (input, expected) => {
    expect(normaliseAttributionDomain(input)).toBe(expected);
  });

  it.each([
    ['', 'is empty'],
    ['http://example.com', 'must be a domain name or an https address'],
    ['ftp://example.com', 'must be a domain name or an https address'],
    ['example.com/news', 'must be a domain, without a path, query or fragment'],
    ['https://example.com/news', 'must be a domain, without a path, query or fragment'],
    ['example.com?x=1', 'must be a domain, without a path, query or fragment'],
    ['example.com:8443', 'must be a domain, without a port'],
    ['https://example.com:443', 'must be a domain, without a port'],
    ['user@example.com', 'must be a domain, without a user name'],
    ['192.168.1.10', 'must be a domain name, not an IP address'],
    ['127.1', 'must be a domain name, not an IP address'],
    ['[::1]', 'must be a domain name, not an IP address'],
    ['localhost', 'must be a domain with at least two labels (example.com)'],
    ['com', 'must be a domain with at least two labels (example.com)'],
    ['exa mple.com', 'is not a domain name'],
    ['-bad.example.com', 'is not a domain name'],
    ['co.uk', 'is a public suffix (like co.uk): name the outlet’s own domain'],
    ['*.com.au', 'is a public suffix (like co.uk): name the outlet’s own domain'],
    ['github.io', 'is a public suffix (like co.uk): name the outlet’s own domain'],
  ])('refuses %j: %s', (input, reason) => {
    expect(() => normaliseAttributionDomain(input)).toThrow(new InvalidAttributionDomainError(reason));
  });
});

describe('normaliseAttributionDomains', () => {
  it('normalises each and drops duplicates', () => {
    expect(normaliseAttributionDomains(['Example.com', 'https://example.com/', '*.example.com', 'rte.ie'])).toEqual([
      'example.com',
      'rte.ie',
    ]);
  });

  it(`refuses more than ${MAX_ATTRIBUTION_DOMAINS} domains`, () => {
    const domains = Array.from({ length: MAX_ATTRIBUTION_DOMAINS + 1 }, (_, i) => `site${i}.example`);
    expect(normaliseAttributionDomains(domains.slice(0, MAX_ATTRIBUTION_DOMAINS))).toHaveLength(100);
    expect(() => normaliseAttributionDomains(domains)).toThrow(new InvalidAttributionDomainError('must be at most 100 domains'));
  });
});

describe('domainAllowed', () => {
  const domains = ['example.com', 'irishtimes.com'];

  it.each([
    ['https://example.com/story', true],
    ['http://EXAMPLE.com/story', true],
    ['https://news.example.com/story', true],
    ['https://a.b.example.com./story', true],
    ['https://www.irishtimes.com/news/', true],
    ['https://badexample.com/story', false],
    ['https://example.com.evil.net/story', false],
    ['https://example.org/story', false],
    ['ftp://example.com/story', false],
    ['not an address', false],
  ])('%s → %s', (pageUrl, allowed) => {
    expect(domainAllowed(pageUrl, domains)).toBe(allowed);
  });

  it('compares international domains in their punycode form and skips stored values that do not normalise', () => {
    expect(domainAllowed('https://www.bücher.example/a', ['BÜCHER.example'])).toBe(true);
    expect(domainAllowed('https://example.com/a', ['example.com/path', '127.0.0.1'])).toBe(false);
    expect(domainAllowed('https://example.com/a', [])).toBe(false);
  });
});

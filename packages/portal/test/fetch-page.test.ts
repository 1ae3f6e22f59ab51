import zlib from 'node:zlib';
import { loadConfig } from '@byline/domain/config/config';
import { AddressPolicy, addressPolicyOf, isAllowedAddress } from '@byline/fetcher';
import { loopbackOutbound } from '@byline/test-support';
import { createPageFetcher, PageFetchError } from '../src/fetch/fetch-page';
import { ARTICLE_HTML, pageServer, testResolver } from './support/portal-harness';

/**
 * Every refusal here happens before a connection: the resolver is injected and answers for *.test
 * names only, so no traffic can leave the machine. Allowed fetches go to a server on 127.0.0.1.
 */
describe('SSRF-safe page fetcher', () => {
  let server: Awaited<ReturnType<typeof pageServer>>;
  const resolver = testResolver({
    'news.test': '127.0.0.1',
    'intranet.test': '10.1.2.3',
    'metadata.test': '169.254.169.254',
    'ula.test': 'fd00::1',
    'mixed.test': '93.184.215.14',
    'compat.test': '::10.0.0.1',
  });
  beforeAll(async () => {
    server = await pageServer((req, res) => {
      const redirects: Record<string, string> = {
        '/to-metadata': 'http://metadata.test/latest/meta-data/',
        '/to-private': 'http://10.0.0.7/admin',
        '/to-ok': '/article',
        '/loop': '/loop',
        '/to-file': 'file:///etc/passwd',
      };
      if (redirects[req.url!]) {
        res.writeHead(302, { Location: redirects[req.url!] }).end();
      } else if (req.url === '/big') {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end('<p>' + 'x'.repeat(3 * 1024 * 1024));
      } else if (req.url === '/gzip-bomb') {
        res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' });
        res.end(zlib.gzipSync(Buffer.alloc(5 * 1024 * 1024, 32)));
      } else if (req.url === '/slow') {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.write('<p>');
      } else if (req.url === '/pdf') {
        res.writeHead(200, { 'Content-Type': 'application/pdf' }).end('%PDF');
      } else if (req.url === '/gone') {
        res.writeHead(404, { 'Content-Type': 'text/html' }).end('gone');
      } else {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(ARTICLE_HTML());
      }
    });
  });
  afterAll(() => server.close());

  const strict = createPageFetcher({ resolve: resolver });
  const testing = createPageFetcher({ ...loopbackOutbound(resolver), timeoutMs: 1000 });
  // The size limits are read against a timeout a busy machine cannot reach: 2 MB and a bomb's inflating took over 1 s
  // when the whole suite ran on two cores.
  const unhurried = createPageFetcher({ ...loopbackOutbound(resolver), timeoutMs: 30_000 });
  const refusal = /private or local network/;

  it('fetches a page on loopback when ALLOWED_PRIVATE_ADDRESSES lists it', async () => {
    const page = await testing(server.url('/article'));
    expect(page.html).toContain('Court hears appeal');
    const named = await testing(`http://news.test:${server.port}/to-ok`);
    expect(named.url).toBe(`http://news.test:${server.port}/article`);
  });

  it.each([
    ['loopback by address', () => `http://127.0.0.1:${server.port}/article`],
    ['loopback by name', () => `http://news.test:${server.port}/article`],
    ['IPv6 loopback', () => `http://[::1]:${server.port}/article`],
    ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${server.port}/article`],
    ['10/8 by address', () => 'http://10.0.0.5/'],
    ['10/8 by name', () => 'http://intranet.test/'],
    ['192.168/16', () => 'http://192.168.1.1/'],
    ['172.16/12', () => 'https://172.20.0.1/'],
    ['the metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['the metadata address by name', () => 'http://metadata.test/'],
    ['unique-local IPv6 by name', () => 'http://ula.test/'],
    ['0.0.0.0', () => 'http://0.0.0.0/'],
    // The fetcher's own URL parser rewrites these (http://[::127.0.0.1]/ becomes [::7f00:1]).
    ['IPv4-compatible IPv6 loopback', () => `http://[::127.0.0.1]:${server.port}/article`],
    ['IPv4-compatible IPv6 10/8', () => 'http://[::a00:1]/'],
    ['NAT64 of loopback', () => `http://[64:ff9b::127.0.0.1]:${server.port}/article`],
    ['6to4 of loopback', () => `http://[2002:7f00:1::]:${server.port}/article`],
    ['IPv6 site-local', () => 'http://[fec0::1]/'],
    ['IPv4-compatible IPv6 by name', () => 'http://compat.test/'],
  ])('refuses %s by default', async (_label, address) => {
    await expect(strict(address())).rejects.toThrow(refusal);
  });

  it.each([
    ['the metadata address', '/to-metadata'],
    ['a private address', '/to-private'],
  ])('refuses a redirect to %s', async (_label, path) => {
    await expect(testing(server.url(path))).rejects.toThrow(refusal);
  });

  it('refuses other schemes, at the start and on a redirect', async () => {
    await expect(strict('file:///etc/passwd')).rejects.toThrow('Only http:// and https://');
    await expect(strict('gopher://news.test/')).rejects.toThrow('Only http:// and https://');
    await expect(testing(server.url('/to-file'))).rejects.toThrow('Only http:// and https://');
  });

  it('stops after too many redirects', async () => {
    await expect(testing(server.url('/loop'))).rejects.toThrow('redirects too many times');
  });

  it('stops reading at 2 MB, also after decompression', async () => {
    await expect(unhurried(server.url('/big'))).rejects.toThrow('larger than 2 MB');
    await expect(unhurried(server.url('/gzip-bomb'))).rejects.toThrow('larger than 2 MB');
  });

  it('gives up after the timeout', async () => {
    await expect(testing(server.url('/slow'))).rejects.toThrow('took longer than 1 s');
  });

  it('explains other failures', async () => {
    await expect(testing(server.url('/pdf'))).rejects.toThrow('not a web page');
    await expect(testing(server.url('/gone'))).rejects.toThrow('HTTP 404');
    await expect(strict('http://unknown.test/')).rejects.toThrow('does not resolve');
    await expect(strict('not a url')).rejects.toBeInstanceOf(PageFetchError);
  });

  it('allows only public unicast addresses', () => {
    expect(isAllowedAddress('93.184.215.14')).toBe(true);
    expect(isAllowedAddress('2606:2800:220:1:248:1893:25c8:1946')).toBe(true);
    expect(isAllowedAddress('::ffff:93.184.215.14')).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.0.1',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      'fd00::1',
      'fe80::1',
      '::1',
      '::',
      '224.0.0.1',
      '255.255.255.255',
      '::ffff:10.0.0.1',
      '::127.0.0.1',
      '::7f00:1',
      '::a00:1',
      '::8.8.8.8',
      '64:ff9b::a00:1',
      '2002:a00:1::',
      '2001::1',
      '2001:db8::1',
      '100::1',
      'fec0::1',
      '3fff::1',
      '4000::1',
      '192.0.2.1',
      '198.18.0.1',
      '240.0.0.1',
      'garbage',
    ]) {
      expect([address, isAllowedAddress(address)]).toEqual([address, false]);
    }
    expect(AddressPolicy.DEFAULT.allows('93.184.215.14')).toBe(true);
    expect(AddressPolicy.DEFAULT.allows('127.0.0.1')).toBe(false);
  });

  it('allows the ranges of ALLOWED_PRIVATE_ADDRESSES besides, and nothing else', () => {
    const policy = addressPolicyOf(loadConfig({ ALLOWED_PRIVATE_ADDRESSES: '127.0.0.0/8' }));
    expect(policy.allows('127.0.0.1')).toBe(true);
    expect(policy.allows('::ffff:127.0.0.1')).toBe(true);
    expect(policy.allows('::1')).toBe(false);
    expect(policy.allows('10.0.0.1')).toBe(false);
    expect(policy.allows('93.184.215.14')).toBe(true);
  });
});

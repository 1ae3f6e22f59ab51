import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '@byline/domain/config/config';
import { createSafeFetch, nameResolverOf, outboundOf, SYSTEM_NAME_RESOLVER, UnresolvedHostError } from '@byline/fetcher';
import { configErrorOf, LOOPBACK_ALLOWED, startDnsServer, type TestDnsServer } from '@byline/test-support';

/**
 * DNS_SERVERS against a real DNS server on 127.0.0.1 that knows made-up names under byline.test (a reserved
 * name that no other resolver answers), and a page server on loopback that the fetches reach through it.
 */
describe('DNS_SERVERS', () => {
  let dns: TestDnsServer;
  let pages: http.Server;
  let port = 0;

  beforeAll(async () => {
    dns = await startDnsServer({
      'site.byline.test': { addresses: ['127.0.0.1', '::1'] },
      'v6.byline.test': { addresses: ['::1'] },
      '_byline.publisher.byline.test': { txt: ['byline-verification=token-1'] },
    });
    pages = http.createServer((req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end(`page ${req.url}`));
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    port = (pages.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await dns.close();
    await new Promise((resolve) => pages.close(resolve));
  });

  const configured = () => loadConfig({ DNS_SERVERS: dns.server, ...LOOPBACK_ALLOWED });

  it('is off by default: the system resolver', () => {
    expect(loadConfig({}).dnsServers).toEqual([]);
    expect(nameResolverOf(loadConfig({}))).toBe(SYSTEM_NAME_RESOLVER);
  });

  it('reads addresses with an optional port, IPv6 in brackets before a port', () => {
    expect(loadConfig({ DNS_SERVERS: '10.0.0.53, 10.0.0.54:5353,[fd00::53]:53,fd00::54' }).dnsServers).toEqual([
      '10.0.0.53',
      '10.0.0.54:5353',
      '[fd00::53]:53',
      'fd00::54',
    ]);
  });

  it.each([
    ['dns.example.org', 'is not an IP address with an optional port'],
    ['10.0.0.53:99999', 'the port must be from 1 to 65535'],
    ['10.0.0.53:0', 'the port must be from 1 to 65535'],
    ['fd00::53]:53', 'is not an IP address with an optional port'],
  ])('refuses %s at start-up, naming the variable', (servers, why) => {
    expect(configErrorOf({ DNS_SERVERS: servers })).toMatch(new RegExp(`"DNS_SERVERS": .*${why}`));
  });

  it('asks the configured server for A and AAAA records, and for TXT records', async () => {
    const resolver = nameResolverOf(configured());
    expect(await resolver.addresses('site.byline.test')).toEqual([
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ]);
    expect(await resolver.addresses('v6.byline.test')).toEqual([{ address: '::1', family: 6 }]);
    expect(await resolver.txt('_byline.publisher.byline.test')).toEqual([['byline-verification=token-1']]);
    expect(dns.queries).toEqual(
      expect.arrayContaining(['site.byline.test A', 'site.byline.test AAAA', '_byline.publisher.byline.test TXT']),
    );
    await expect(resolver.addresses('unknown.byline.test')).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });

  it('answers localhost and IP addresses itself, without asking', async () => {
    const resolver = nameResolverOf(configured());
    const before = dns.queries.length;
    expect(await resolver.addresses('localhost')).toEqual([
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ]);
    expect(await resolver.addresses('10.0.0.1')).toEqual([{ address: '10.0.0.1', family: 4 }]);
    expect(dns.queries.length).toBe(before);
  });

  it('a fetch of a name only the configured server knows succeeds with DNS_SERVERS, and only with it', async () => {
    const url = `http://site.byline.test:${port}/through-dns`;
    const through = createSafeFetch({ ...outboundOf(configured()), timeoutMs: 5000 });
    const response = await through(url);
    expect(await response.text()).toBe('page /through-dns');

    const system = createSafeFetch({ ...outboundOf(loadConfig(LOOPBACK_ALLOWED)), timeoutMs: 5000 });
    await expect(system(url)).rejects.toBeInstanceOf(UnresolvedHostError);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { loopbackOutbound } from '@byline/test-support';
import { createSafeFetch, ResponseTooLargeError, UnsafeAddressError, type Resolver } from '@byline/fetcher/safe-fetch';

/** Answers for *.test names only, so a refused request can never leave the machine. */
const resolver =
  (names: Record<string, string[]>): Resolver =>
  async (hostname) => {
    const addresses = names[hostname];
    if (!addresses) throw new Error(`test resolver: unknown name ${hostname}`);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

/**
 * A real server on 127.0.0.1 that counts what reaches it: a refusal must happen before any connection, so the
 * count proves that nothing was sent.
 */
async function countingServer(handler: http.RequestListener) {
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests++;
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('safe fetch: every connection checked against the address policy', () => {
  let server: Awaited<ReturnType<typeof countingServer>>;
  const names = resolver({
    'provider.test': ['127.0.0.1'],
    'intranet.test': ['10.1.2.3'],
    'metadata.test': ['169.254.169.254'],
    'ula.test': ['fd00::1'],
    'mixed.test': ['93.184.215.14', '10.0.0.1'],
    'compat.test': ['::127.0.0.1'],
  });
  beforeAll(async () => {
    server = await countingServer((req, res) => {
      const redirects: Record<string, string> = {
        '/to-metadata': `http://metadata.test:${server.port}/latest/meta-data/`,
        '/to-private-literal': `http://10.0.0.7:${server.port}/admin`,
        '/to-loopback-literal': `http://127.0.0.1:${server.port}/json`,
        '/to-compat': `http://[::127.0.0.1]:${server.port}/json`,
      };
      if (redirects[req.url!]) res.writeHead(302, { Location: redirects[req.url!] }).end();
      else if (req.url === '/big') res.writeHead(200, { 'Content-Type': 'text/plain' }).end('x'.repeat(64 * 1024));
      else if (req.url === '/gzip-bomb') {
        res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Encoding': 'gzip' });
        res.end(zlib.gzipSync(Buffer.alloc(1024 * 1024, 32)));
      } else if (req.url === '/slow') res.writeHead(200, { 'Content-Type': 'text/plain' }).write('…');
      else res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ ok: true, path: req.url }));
    });
  });
  afterAll(() => server.close());

  /** ALLOWED_PRIVATE_ADDRESSES lists loopback: the only way a test can reach a server; everything else is still refused. */
  const testing = createSafeFetch({ ...loopbackOutbound(names), timeoutMs: 5000, maxBytes: 16 * 1024 });
  const strict = createSafeFetch({ resolve: names });

  it('fetches from loopback by address and by name when ALLOWED_PRIVATE_ADDRESSES lists it', async () => {
    const response = await testing(server.url('/json'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, path: '/json' });
    const named = await testing(`http://provider.test:${server.port}/named`, { method: 'POST', body: 'a=1' });
    expect(await named.json()).toEqual({ ok: true, path: '/named' });
  });

  it.each([
    ['loopback by address', () => `http://127.0.0.1:${server.port}/json`],
    ['loopback by name', () => `http://provider.test:${server.port}/json`],
    ['IPv6 loopback', () => `http://[::1]:${server.port}/json`],
    ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${server.port}/json`],
    // The URL parser writes this [::7f00:1]: IPv4-compatible, in ::/8, refused whatever it carries.
    ['IPv4-compatible IPv6 loopback', () => `http://[::127.0.0.1]:${server.port}/json`],
    ['IPv4-compatible IPv6 by name', () => `http://compat.test:${server.port}/json`],
    ['10/8 by address', () => `http://10.0.0.5:${server.port}/`],
    ['10/8 by name', () => `http://intranet.test:${server.port}/`],
    ['a name with one private address among public ones', () => `http://mixed.test:${server.port}/`],
    ['the metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['the metadata address by name', () => `http://metadata.test:${server.port}/`],
    ['unique-local IPv6 by name', () => `http://ula.test:${server.port}/`],
    ['0.0.0.0', () => `http://0.0.0.0:${server.port}/`],
    ['an https address on loopback', () => `https://127.0.0.1:${server.port}/`],
  ])('refuses %s by default, before connecting', async (_label, address) => {
    const before = server.requests();
    await expect(strict(address())).rejects.toBeInstanceOf(UnsafeAddressError);
    expect(server.requests()).toBe(before);
  });

  it('returns a redirect without following it unless asked', async () => {
    const before = server.requests();
    const response = await testing(server.url('/to-loopback-literal'));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(server.url('/json'));
    expect(server.requests()).toBe(before + 1);
  });

  it.each([
    ['the metadata address by name', '/to-metadata'],
    ['a private address literal', '/to-private-literal'],
    ['an IPv4-compatible address literal', '/to-compat'],
  ])('refuses a followed redirect to %s', async (_label, path) => {
    const before = server.requests();
    await expect(testing(server.url(path), { redirect: 'follow' })).rejects.toBeInstanceOf(UnsafeAddressError);
    expect(server.requests()).toBe(before + 1);
  });

  it('follows a redirect to an allowed address when asked', async () => {
    const response = await testing(server.url('/to-loopback-literal'), { redirect: 'follow' });
    expect(await response.json()).toEqual({ ok: true, path: '/json' });
  });

  it('stops reading past the size cap, also after decompression', async () => {
    await expect((await testing(server.url('/big'))).text()).rejects.toBeInstanceOf(ResponseTooLargeError);
    await expect((await testing(server.url('/gzip-bomb'))).arrayBuffer()).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it('gives up after the time limit, body included', async () => {
    const quick = createSafeFetch({ ...loopbackOutbound(names), timeoutMs: 300 });
    await expect(quick(server.url('/slow')).then((response) => response.text())).rejects.toThrow(
      expect.objectContaining({ name: 'TimeoutError' }),
    );
  });

  it('reports a name that does not resolve as a failure, not a refusal', async () => {
    const failure = await strict('http://unknown.test/').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(UnsafeAddressError);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkRelMe, publicProfileUrl } from '@byline/editorial/proofs/rel-me-check';
import { createSafeFetch } from '@byline/fetcher';
import { loopbackOutbound } from '@byline/test-support';

/**
 * The rel="me" check through the real SSRF-safe fetch against pages served on 127.0.0.1. The fetch reaches
 * loopback because ALLOWED_PRIVATE_ADDRESSES lists it; `strict` refuses it, as the default policy does.
 */
describe('checkRelMe', () => {
  const profile = publicProfileUrl('https://byline.example/', 'aoife-walsh');
  let server: http.Server;
  let base: string;
  const pages: Record<string, (res: http.ServerResponse) => void> = {
    '/linked': (res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<a rel="me" href="${profile}">Byline</a>`),
    '/link-tag': (res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<link rel="me authn" href="${profile}/">`),
    '/other': (res) =>
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<a rel="me" href="https://byline.example/j/someone-else">x</a>'),
    '/none': (res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<a href="${profile}">no rel</a>`),
    '/gone': (res) => res.writeHead(404, { 'Content-Type': 'text/html' }).end(`<a rel="me" href="${profile}">x</a>`),
    '/moved': (res) => res.writeHead(301, { Location: '/linked' }).end(),
    '/to-private': (res) => res.writeHead(302, { Location: 'http://10.0.0.5/linked' }).end(),
    '/short': (res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<a rel="me" href="${base}/go">x</a>`),
    '/go': (res) => res.writeHead(301, { Location: profile }).end(),
    '/untyped': (res) => res.writeHead(200).end(`<a rel="me" href="${profile}">x</a>`),
    '/pdf': (res) => res.writeHead(200, { 'Content-Type': 'application/pdf' }).end(`<a rel="me" href="${profile}">x</a>`),
    '/huge': (res) =>
      res.writeHead(200, { 'Content-Type': 'text/html' }).end(`${'x'.repeat(2 * 1024 * 1024)}<a rel="me" href="${profile}">`),
  };

  beforeAll(async () => {
    server = http.createServer((req, res) => (pages[req.url ?? ''] ?? ((r) => r.writeHead(404).end()))(res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const testing = createSafeFetch({ ...loopbackOutbound(), timeoutMs: 3000 });
  const strict = createSafeFetch({ timeoutMs: 3000 });

  it.each(['/linked', '/link-tag', '/moved', '/short'])('holds for %s', async (path) => {
    await expect(checkRelMe(testing, `${base}${path}`, profile)).resolves.toEqual({ ok: true });
  });

  it.each([
    ['/other', 'none to this profile'],
    ['/none', 'no rel="me" link'],
    ['/gone', 'HTTP 404'],
    ['/pdf', 'not a web page'],
    ['/untyped', 'not a web page'],
    ['/huge', 'too large'],
    ['/to-private', 'private or local network'],
  ])('fails for %s (%s)', async (path, reason) => {
    const outcome = await checkRelMe(testing, `${base}${path}`, profile);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.reason).toContain(reason);
  });

  it('refuses the portal\'s own pages, which link out with rel="me" to every claimed site, directly or through a redirect', async () => {
    // The portal on the page server: its public page of a profile links to the claimed sites, itself included.
    const ownPage = publicProfileUrl(base, 'aoife-walsh');
    pages['/j/aoife-walsh'] = (res) =>
      res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<a rel="me" href="${ownPage}">me</a>`);
    pages['/out'] = (res) => res.writeHead(302, { Location: ownPage }).end();
    for (const site of [ownPage, `${base}/out`]) {
      const outcome = await checkRelMe(testing, site, ownPage);
      expect(!outcome.ok && outcome.reason).toContain('a page of this Byline portal');
    }
  });

  it('never fetches a private address outside tests, IPv4-compatible IPv6 included', async () => {
    for (const address of [`${base}/linked`, 'http://[::127.0.0.1]/linked', 'http://169.254.169.254/']) {
      const outcome = await checkRelMe(strict, address, profile);
      expect(!outcome.ok && outcome.reason).toContain('private or local network');
    }
  });
});

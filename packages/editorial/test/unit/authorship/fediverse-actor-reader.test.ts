import type http from 'node:http';
import { loadConfig } from '@byline/domain/config/config';
import { outboundOf } from '@byline/fetcher';
import { startDnsServer, startHttpsSite, type HttpsSite, type TestDnsServer } from '@byline/test-support';
import { createActorReader, type ActorReader } from '../../../src/authorship/fediverse-actor';

/**
 * The actor reader against a real https server on loopback under made-up names (a loopback DNS server answers them,
 * OUTBOUND_CA_FILE trusts the test CA): WebFinger, then the actor, and every way a read fails — each a reason,
 * never an error.
 */

const HOSTS = ['social.test', 'moved.test', 'delegated.test', 'server.delegated.test'];
const actor = (id: string, extra: Record<string, unknown> = {}) => ({ id, type: 'Person', ...extra });

const handler: http.RequestListener = (req, res) => {
  const host = req.headers.host ?? '';
  const url = new URL(req.url ?? '/', `https://${host}`);
  const json = (body: unknown, type = 'application/activity+json') =>
    void res.writeHead(200, { 'Content-Type': type }).end(typeof body === 'string' ? body : JSON.stringify(body));
  const finger = (href: string) =>
    json({ links: [{ rel: 'self', type: 'application/activity+json', href }] }, 'application/jrd+json');
  if (url.pathname === '/.well-known/webfinger') {
    const user = /^acct:([^@]+)@/.exec(url.searchParams.get('resource') ?? '')?.[1];
    if (host === 'moved.test') return void res.writeHead(301, { Location: 'https://social.test' + req.url }).end();
    if (host === 'delegated.test') return finger('https://server.delegated.test/users/aoife');
    if (user === 'insecure') return void res.writeHead(302, { Location: 'http://social.test/.well-known/webfinger' }).end();
    if (user === 'html') return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>hello</p>');
    if (user === 'nobody') return void res.writeHead(404).end();
    if (user === 'nolink') return json({ links: [] }, 'application/jrd+json');
    return finger(`https://social.test/users/${user}`);
  }
  const user = /^\/users\/(.+)$/.exec(url.pathname)?.[1];
  if (host === 'server.delegated.test')
    return json(actor(`https://server.delegated.test/users/${user}`, { attributionDomains: ['d.example'] }));
  if (user === 'aoife')
    return json(actor('https://social.test/users/aoife', { attributionDomains: ['news.example', 'blog.example'] }));
  if (user === 'none') return json(actor('https://social.test/users/none'));
  if (user === 'impostor') return json(actor('https://elsewhere.example/users/impostor', { attributionDomains: ['x.example'] }));
  if (user === 'broken') return json('{"id": ');
  if (user === 'huge') return json(actor('https://social.test/users/huge', { attributionDomains: ['x'.repeat(400_000)] }));
  if (user === 'slow') return void setTimeout(() => json(actor('https://social.test/users/slow')), 3000);
  res.writeHead(404).end();
};

describe('createActorReader', () => {
  let site: HttpsSite;
  let dns: TestDnsServer;
  let read: ActorReader;
  /** A reader with a short time limit, for the server that answers late. */
  let hasty: ActorReader;

  beforeAll(async () => {
    site = await startHttpsSite(handler, { hostnames: HOSTS });
    dns = await startDnsServer({
      ...Object.fromEntries(HOSTS.map((host) => [host, { addresses: [site.address] }])),
      'down.test': { addresses: ['127.3.2.1'] },
    });
    const config = { DNS_SERVERS: dns.server, ALLOWED_PRIVATE_ADDRESSES: '127.0.0.0/8', OUTBOUND_CA_FILE: site.caFile };
    read = createActorReader(outboundOf(loadConfig(config)));
    hasty = createActorReader({ ...outboundOf(loadConfig(config)), timeoutMs: 1000 });
  });
  afterAll(async () => {
    await Promise.all([site?.close(), dns?.close()]);
  });

  it('reads the attributionDomains of the actor WebFinger links', async () => {
    expect(await read('@aoife@social.test')).toEqual({ ok: true, domains: ['news.example', 'blog.example'] });
    expect(await read('aoife@SOCIAL.test')).toEqual({ ok: true, domains: ['news.example', 'blog.example'] });
    expect(await read('@none@social.test')).toEqual({ ok: true, domains: [] });
  });

  it('follows an https redirect, and an account whose host delegates to its server', async () => {
    expect(await read('@aoife@moved.test')).toEqual({ ok: true, domains: ['news.example', 'blog.example'] });
    expect(await read('@aoife@delegated.test')).toEqual({ ok: true, domains: ['d.example'] });
  });

  it.each([
    ['@insecure@social.test', 'its server redirects away from https'],
    ['@html@social.test', 'its server answered with something other than JSON'],
    ['@nobody@social.test', 'its server answered with HTTP 404'],
    ['@nolink@social.test', 'its WebFinger answer links no ActivityPub actor'],
    ['@impostor@social.test', 'its actor document names another server as its own'],
    ['@broken@social.test', 'its server answered with malformed JSON'],
    ['@huge@social.test', 'its server’s answer is larger than 256 KB'],
    ['@aoife@down.test', 'its server did not answer'],
    ['@aoife@unknown.test', 'unknown.test does not resolve'],
    ['not an account', 'it is not a fediverse account address'],
  ])('reads %s as allowing nothing: %s', async (account, reason) => {
    expect(await read(account)).toEqual({ ok: false, reason });
  });

  it('gives up on a server that answers late', async () => {
    expect(await hasty('@slow@social.test')).toEqual({ ok: false, reason: 'its server took longer than 1 s to answer' });
  });

  it('refuses a server on a private address unless ALLOWED_PRIVATE_ADDRESSES lists it', async () => {
    const strict = createActorReader({ ...outboundOf(loadConfig({ DNS_SERVERS: dns.server, OUTBOUND_CA_FILE: site.caFile })) });
    expect(await strict('@aoife@social.test')).toEqual({
      ok: false,
      reason: 'its server is on a private or local network, which Byline does not fetch',
    });
  });
});

import { loadConfig } from '@byline/domain/config/config';
import { startDnsServer, startHttpsSite, type HttpsSite, type TestDnsServer } from '@byline/test-support';
import {
  BYLINE_BOT,
  BYLINE_BOT_USER_AGENT,
  readRobotsTxt,
  robotsFetcherFrom,
  type RobotsFetcher,
} from '../../../src/attribution';

/**
 * robots.txt as BylineBot reads it, from a real https server on loopback under made-up names (a loopback DNS server
 * answers them, OUTBOUND_CA_FILE trusts the test CA): the fetcher main.ts builds, the rules RFC 9309 gives for
 * missing and unreachable files, redirects, and the groups robots-parser picks for the BylineBot token.
 */

const RULES = [
  'User-agent: *',
  'Disallow: /',
  '',
  `User-agent: ${BYLINE_BOT}`,
  'Disallow: /private/',
  'Allow: /private/press-',
  'Disallow: /*.pdf$',
  'Crawl-delay: 45',
].join('\n');

const HOSTS = ['rules.robots.test', 'missing.robots.test', 'broken.robots.test', 'moved.robots.test', 'others.robots.test'];

describe('robots.txt for BylineBot', () => {
  let site: HttpsSite;
  let dns: TestDnsServer;
  let fetchRobots: RobotsFetcher;
  const agents: string[] = [];

  beforeAll(async () => {
    site = await startHttpsSite(
      (req, res) => {
        agents.push(String(req.headers['user-agent']));
        const host = req.headers.host;
        if (req.url !== '/robots.txt') return void res.writeHead(404).end();
        if (host === 'rules.robots.test') return void res.writeHead(200, { 'Content-Type': 'text/plain' }).end(RULES);
        if (host === 'others.robots.test') {
          return void res.writeHead(200, { 'Content-Type': 'text/plain' }).end('User-agent: OtherBot\nDisallow: /\n');
        }
        if (host === 'broken.robots.test') return void res.writeHead(503).end();
        if (host === 'moved.robots.test') {
          return void res.writeHead(301, { Location: 'https://rules.robots.test/robots.txt' }).end();
        }
        res.writeHead(404).end();
      },
      { hostnames: HOSTS },
    );
    dns = await startDnsServer(Object.fromEntries(HOSTS.map((host) => [host, { addresses: [site.address] }])));
    fetchRobots = robotsFetcherFrom(
      loadConfig({ DNS_SERVERS: dns.server, ALLOWED_PRIVATE_ADDRESSES: '127.0.0.0/8', OUTBOUND_CA_FILE: site.caFile }),
    );
  });
  afterAll(async () => {
    await site.close();
    await dns.close();
  });

  it('follows the BylineBot group, not the catch-all, with its Allow, wildcards and Crawl-delay', async () => {
    const rules = await readRobotsTxt(fetchRobots, 'rules.robots.test');
    if (rules.kind !== 'rules') throw new Error(`not read: ${JSON.stringify(rules)}`);
    const at = (path: string) => rules.allows(`https://rules.robots.test${path}`);
    expect(at('/2031/story')).toBe(true);
    expect(at('/private/story')).toBe(false);
    expect(at('/private/press-release')).toBe(true);
    expect(at('/files/report.pdf')).toBe(false);
    expect(rules.crawlDelayMs).toBe(45_000);
    expect(agents.at(-1)).toBe(BYLINE_BOT_USER_AGENT);
  });

  it('a group for another crawler only leaves BylineBot free', async () => {
    const rules = await readRobotsTxt(fetchRobots, 'others.robots.test');
    expect(rules).toMatchObject({ kind: 'rules', crawlDelayMs: null });
    expect(rules.kind === 'rules' && rules.allows('https://others.robots.test/anything')).toBe(true);
  });

  it('a redirect is followed', async () => {
    const rules = await readRobotsTxt(fetchRobots, 'moved.robots.test');
    expect(rules.kind).toBe('rules');
  });

  it('no file (404) allows everything; a 5xx or a name that does not resolve allows nothing for now', async () => {
    expect(await readRobotsTxt(fetchRobots, 'missing.robots.test')).toEqual({ kind: 'none' });
    expect(await readRobotsTxt(fetchRobots, 'broken.robots.test')).toEqual({
      kind: 'unreachable',
      reason: 'https://broken.robots.test/robots.txt answered HTTP 503',
    });
    expect(await readRobotsTxt(fetchRobots, 'nowhere.robots.test')).toMatchObject({
      kind: 'unreachable',
      reason: expect.stringContaining('https://nowhere.robots.test/robots.txt could not be read'),
    });
  });
});

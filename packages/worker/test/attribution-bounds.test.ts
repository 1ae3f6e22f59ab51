import type http from 'node:http';
import { ATTRIBUTION_TOPIC } from '@byline/domain/queue/topics';
import { createApiKey } from '@byline/shared';
import { repositoriesOf, type StoreRepositories } from '@byline/shared/store';
import { BYLINE_BOT_USER_AGENT, robotsFetcherFrom } from '@byline/editorial/attribution/robots-txt';
import { createPageFetcher } from '@byline/editorial/authorship/fetch-page';
import { spreadAttributionAsks } from '@byline/domain/queue/attribution-asks';
import { outboundOf } from '@byline/fetcher';
import {
  aProfile,
  checkedRequest as request,
  quietLogger,
  seed,
  serviceFixture,
  startServedDomains,
  storeFactories,
  unspreadAttributionAsks,
  type ServedDomains,
} from '@byline/test-support';
import { createApp } from '../../article-verifier/src/app';
import { startRecheckLoop, type RecheckLoop } from '../src/recheck-loop';
import { LoopRuns } from './loop-runs';
import { attributionStoresOf, DAY, HOUR, PORTAL, recheckSourcesOf, verifiedPublisherOn } from './rel-me-fixtures';

/**
 * What v2 lookups may set the worker fetching, from the front door: each API key asks a bounded number of
 * attributions (per key, per publisher, per window; the rest dropped and counted), the worker takes the keys' asks in
 * turn (one key's hundreds of asks delay another's by about one page), and an address on a port other than the
 * standard one asks nothing.
 */

const OUTLET = 'bounded-outlet.test';
const V2 = '/api/v2/verify_article';
const V2_BATCH = '/api/v2/verify_articles';
const HOST_INTERVAL_MS = 30_000;
const STAFF = { slug: 'bounded-staff', first: 'Niamh', last: 'Furlong' };
const REAL = '/2031/real-story';
const page = (path: string) => `https://${OUTLET}${path}`;
const articlePage = (title: string) =>
  `<!doctype html><html><head><title>${title}</title><script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: title,
    author: { '@type': 'Person', name: `${STAFF.first} ${STAFF.last}` },
  })}</script></head><body><h1>${title}</h1></body></html>`;

describe.each(storeFactories())('bounded attribution asks ($name store)', (factory) => {
  const service = serviceFixture(factory, createApp, { now: () => clock ?? Date.now() });
  let served: ServedDomains | undefined;
  let repositories: StoreRepositories;
  let loop: RecheckLoop | undefined;
  let clock: number;
  let runs: LoopRuns;
  let keys = 0;
  /** Every page the outlet's server was asked for (robots.txt left out). */
  const fetched: string[] = [];

  beforeAll(async () => {
    const serve: http.RequestListener = (req, res) => {
      if (req.url === '/robots.txt') return void res.writeHead(200, { 'Content-Type': 'text/plain' }).end('');
      fetched.push(req.url ?? '');
      if (req.url !== REAL) return void res.writeHead(404).end();
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(articlePage('Real story'));
    };
    served = await startServedDomains(serve, { hostnames: [OUTLET] });
    repositories = repositoriesOf(service.store);
    await seed(
      service.store,
      aProfile({
        profile_slug: STAFF.slug,
        profile_first_name: STAFF.first,
        profile_last_name: STAFF.last,
        verified: true,
        articles: [],
      }),
    );
    const profileId = (await repositories.profiles.findBySlug(STAFF.slug))!.id;
    const publisherId = await verifiedPublisherOn(repositories, 'bounded-outlet', 'The Bounded Outlet', OUTLET);
    const invitation = await repositories.staff.invite(publisherId, { profileId }, 'admin', new Date());
    await repositories.staff.accept(invitation!.id, profileId, new Date('2031-01-05T00:00:00.000Z'));
  });
  afterAll(async () => {
    await loop?.stop();
    await served?.close();
  });
  beforeEach(() => {
    // A fresh window of asks for each test (the verifier keeps time by this clock).
    clock = Date.now() + (keys + 1) * DAY;
    runs = new LoopRuns();
    fetched.length = 0;
  });
  afterEach(async () => {
    await loop?.stop();
    loop = undefined;
  });

  /** A key of a new API account, or with `email` another key of that account. */
  const newKey = async (email = `client${++keys}@example.org`) => {
    const { token } = await createApiKey(repositories.apiKeys, email, 'bounds tests');
    return `Bearer ${token}`;
  };
  const lookup = (authorization: string, url: string) =>
    request(service.app).post(V2).query({ url }).set('Authorization', authorization).expect(200);
  const batch = (authorization: string, urls: string[]) =>
    request(service.app).post(V2_BATCH).send({ urls }).set('Authorization', authorization).expect(200);
  const unknownPages = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => page(`/${prefix}/${i}`));
  const droppedOver = async (over: string) => {
    const metrics = (await request(service.app).get('/metrics').expect(200)).text;
    const line = metrics
      .split('\n')
      .find((row) => row.startsWith('byline_attribution_asks_dropped_total') && row.includes(`over="${over}"`));
    return line ? Number(line.split(' ').pop()) : 0;
  };
  const queued = (url: string) => repositories.queue.find(ATTRIBUTION_TOPIC, url);
  const clearQueue = async () => {
    const items = await repositories.queue.takeDue({
      topic: ATTRIBUTION_TOPIC,
      now: new Date(clock),
      holder: 'test-clear',
      leaseMs: 1_000,
      limit: 1_000,
      evenIfNotDue: true,
    });
    for (const item of items) await repositories.queue.remove(ATTRIBUTION_TOPIC, item.key);
    return items.map((item) => item.key);
  };

  function start() {
    const config = served!.config();
    loop = startRecheckLoop({
      ...recheckSourcesOf(repositories),
      attribution: {
        ...attributionStoresOf(repositories),
        fetchPage: createPageFetcher({ ...outboundOf(config), userAgent: BYLINE_BOT_USER_AGENT }),
        fetchRobots: robotsFetcherFrom(config),
        hostIntervalMs: HOST_INTERVAL_MS,
        retryMs: HOUR,
      },
      portalUrl: PORTAL,
      policy: { intervalMs: DAY, graceMs: 3 * DAY, retryMs: 6 * HOUR },
      holder: 'bounds-test',
      now: () => new Date(clock),
      pollIntervalMs: 20,
      logger: quietLogger(),
      onRun: runs.record,
    });
  }
  /** Waits for runs until the job of `url` is off the queue or finished. */
  async function worked(url: string) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const failed = runs.all.find((run) => run.error);
      if (failed) throw failed.error;
      const item = await queued(url);
      if (item === null || item.payload.finished !== undefined) return;
      if (Date.now() > deadline) throw new Error(`still queued: ${JSON.stringify(item)}`);
      await runs.next();
    }
  }

  it('one key asks at most its account’s quota; the rest is dropped and counted; another account’s ask is queued', async () => {
    const flooding = await newKey();
    const before = await droppedOver('account');
    await batch(flooding, unknownPages('flood', 100));
    await batch(flooding, unknownPages('more', 100));
    const other = await newKey();
    expect((await lookup(other, page(REAL))).body.type).toBe('domain_verified_plus');
    await service.settle();

    const asked = await unspreadAttributionAsks(repositories.queue);
    expect(asked.filter((url) => url.includes('/flood/') || url.includes('/more/'))).toHaveLength(20);
    expect(asked).toContain(page(REAL));
    expect((await droppedOver('account')) - before).toBe(180);
    await spreadAttributionAsks({ queue: repositories.queue, holder: 'test', now: () => new Date(clock) });
    expect(await clearQueue()).toHaveLength(21);
  });

  it('an account’s keys share its quota: three keys of one account cannot take a publisher’s whole quota', async () => {
    const email = `many-keys${++keys}@example.org`;
    const before = await droppedOver('account');
    for (let k = 0; k < 3; k++) await batch(await newKey(email), unknownPages(`many-keys-${k}`, 20));
    const other = await newKey();
    await lookup(other, page(REAL));
    await service.settle();
    const asked = await unspreadAttributionAsks(repositories.queue);
    expect(asked.filter((url) => url.includes('/many-keys-'))).toHaveLength(20);
    expect(asked).toContain(page(REAL));
    expect((await droppedOver('account')) - before).toBe(40);
    await spreadAttributionAsks({ queue: repositories.queue, holder: 'test', now: () => new Date(clock) });
    await clearQueue();
  });

  it('the worker takes the keys’ asks in turn: one key’s many asks delay another key’s by one page', async () => {
    const flooding = await newKey();
    await batch(flooding, unknownPages('turns', 20));
    const other = await newKey();
    await lookup(other, page(REAL));
    await service.settle();

    start();
    // The first run reads one page of the host; the other due ask waits for the host's next turn.
    while (fetched.length < 1) await runs.next();
    clock += HOST_INTERVAL_MS;
    await worked(page(REAL));
    expect((await queued(page(REAL))) ?? { attributed: true }).toEqual({ attributed: true });
    // Read first or second (the two were due together), after at most one of the flooding key's pages, not all twenty.
    expect(fetched).toContain(REAL);
    expect(fetched.length).toBeLessThanOrEqual(2);
    expect((await lookup(other, page(REAL))).body.type).toBe('article_verified');
    await loop!.stop();
    await clearQueue();
  });

  it('all keys together ask at most the publisher’s quota', async () => {
    const before = await droppedOver('publisher');
    for (let k = 0; k < 3; k++) await batch(await newKey(), unknownPages(`publisher-${k}`, 20));
    await batch(await newKey(), unknownPages('publisher-late', 2));
    await service.settle();
    const asked = await unspreadAttributionAsks(repositories.queue);
    expect(asked).toHaveLength(60);
    expect(asked.some((url) => url.includes('/publisher-late/'))).toBe(false);
    expect((await droppedOver('publisher')) - before).toBe(2);
    await spreadAttributionAsks({ queue: repositories.queue, holder: 'test', now: () => new Date(clock) });
    await clearQueue();
  });

  it('an address on a port other than the standard one asks nothing; the standard port written out does', async () => {
    const key = await newKey();
    for (const port of ['8443', '22', '6379']) {
      const res = await lookup(key, `https://${OUTLET}:${port}/2031/other-port`);
      expect(res.body).toMatchObject({ type: 'domain_verified_plus', domain_info: { domain: OUTLET } });
    }
    await lookup(key, `http://${OUTLET}:443/2031/other-port-http`);
    await service.settle();
    expect(await unspreadAttributionAsks(repositories.queue)).toEqual([]);

    await lookup(key, `https://${OUTLET}:443/2031/standard-port`);
    await service.settle();
    expect(await unspreadAttributionAsks(repositories.queue)).toEqual([page('/2031/standard-port')]);
    await spreadAttributionAsks({ queue: repositories.queue, holder: 'test', now: () => new Date(clock) });
    await clearQueue();
  });

  it('an item queued with another port before the rule is finished unread', async () => {
    const url = page('/2031/old-item');
    const payload = { url, address: `https://${OUTLET}:8443/2031/old-item`, publisherId: 0 };
    payload.publisherId = (await repositories.publisherDomains.matchHost(OUTLET))!.publisher.id;
    await repositories.queue.enqueue({ topic: ATTRIBUTION_TOPIC, key: url, payload, dueAt: new Date(clock) });
    start();
    await worked(url);
    expect((await queued(url))!.payload.finished).toBe('the address names a port other than the standard one');
    expect(fetched).toEqual([]);
    await loop!.stop();
    await clearQueue();
  });
});

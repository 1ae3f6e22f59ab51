import type http from 'node:http';
import { ATTRIBUTION_TOPIC } from '@byline/domain/queue/topics';
import { repositoriesOf, type StoreRepositories } from '@byline/shared/store';
import {
  BYLINE_BOT,
  BYLINE_BOT_USER_AGENT,
  robotsFetcherFrom,
  type RobotsFetcher,
} from '@byline/editorial/attribution/robots-txt';
import { createPageFetcher, type PageFetcher } from '@byline/editorial/authorship/fetch-page';
import { publicProfileUrl } from '@byline/editorial/proofs/rel-me-check';
import { runAttribution, type AttributionOptions, type AttributionSummary } from '@byline/editorial/attribution/run-attribution';
import { ATTRIBUTION_ACTOR } from '@byline/domain/articles/article-proof';
import { spreadAttributionAsks } from '@byline/domain/queue/attribution-asks';
import { outboundOf } from '@byline/fetcher';
import {
  aProfile,
  capturingLogger,
  checkedRequest as request,
  seed,
  serviceFixture,
  startServedDomains,
  storeFactories,
  type ServedDomains,
} from '@byline/test-support';
import { createApp } from '../../article-verifier/src/app';
import { startRecheckLoop, type RecheckLoop } from '../src/recheck-loop';
import { LoopRuns, type LoopRun } from './loop-runs';
import { attributionStoresOf, DAY, HOUR, PORTAL, recheckSourcesOf, verifiedPublisherOn } from './rel-me-fixtures';

/**
 * Attribution of unknown articles on verified outlets, from the front door to the worker and back: a v2 lookup
 * through the article verifier's app answers `domain_verified` and queues the address; the worker's loop, in-process
 * on the same store with a clock the test moves, reads the outlet's robots.txt and page from a real https server on a
 * loopback address (a made-up name a real DNS server on loopback answers, its test CA trusted by OUTBOUND_CA_FILE),
 * and credits the publisher's verified active staff the page names; the same lookup then answers `article_verified`.
 */

const POLICY = { intervalMs: DAY, graceMs: 3 * DAY, retryMs: 6 * HOUR };
const OUTLET = 'attribution-outlet.test';
const QUIET = 'quiet-outlet.test';
const V2 = '/api/v2/verify_article';
const HOST_INTERVAL_MS = 30_000;

const STAFF = { slug: 'staff-writer', first: 'Ciara', last: 'Delaney' };
const LINKED = { slug: 'linked-writer', first: 'Tomás', last: 'Reilly' };
const UNVERIFIED = { slug: 'unverified-writer', first: 'Orla', last: 'Keane' };
const FORMER = { slug: 'former-writer', first: 'Pádraig', last: 'Nolan' };

type Byline = { name: string; url?: string };
const person = ({ name, url }: Byline) => ({ '@type': 'Person', name, ...(url ? { url } : {}) });

/** An article page whose JSON-LD credits `author` (a name, and a link when given; several, in their order). */
const articlePage = (title: string, author: Byline | Byline[]) =>
  `<!doctype html><html><head><title>${title}</title><meta property="og:title" content="${title}">` +
  `<script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: title,
    author: Array.isArray(author) ? author.map(person) : person(author),
  })}</script></head><body><h1>${title}</h1></body></html>`;

const PAGES: Record<string, string> = {
  '/2031/harbour-report': articlePage('Harbour report', { name: `${STAFF.first} ${STAFF.last}` }),
  '/2031/second-report': articlePage('Second report', { name: `${STAFF.first} ${STAFF.last}` }),
  '/2031/linked-report': articlePage('Linked report', { name: 'T. R.', url: publicProfileUrl(PORTAL, LINKED.slug) }),
  '/2031/guest-column': articlePage('Guest column', { name: 'Someone Else' }),
  '/private/embargoed': articlePage('Embargoed', { name: `${STAFF.first} ${STAFF.last}` }),
  '/2031/unverified-byline': articlePage('Unverified byline', { name: `${UNVERIFIED.first} ${UNVERIFIED.last}` }),
  '/2031/former-byline': articlePage('Former byline', { name: `${FORMER.first} ${FORMER.last}` }),
  '/2031/quiet-story': articlePage('Quiet story', { name: `${STAFF.first} ${STAFF.last}` }),
  '/2031/left-by-a-dead-worker': articlePage('Left by a dead worker', { name: `${STAFF.first} ${STAFF.last}` }),
  '/2031/a-long-read': articlePage('A long read', { name: `${STAFF.first} ${STAFF.last}` }),
  // Co-written: both staff credited by a link to their public page, LINKED first.
  '/2031/co-written': articlePage('Co-written', [
    { name: 'T. R.', url: publicProfileUrl(PORTAL, LINKED.slug) },
    { name: 'C. D.', url: publicProfileUrl(PORTAL, STAFF.slug) },
  ]),
};
const ROBOTS = `User-agent: *\nDisallow: /admin/\n\nUser-agent: ${BYLINE_BOT}\nDisallow: /private/\n`;

const page = (path: string, host = OUTLET) => `https://${host}${path}`;

describe.each(storeFactories())('attribution of unknown articles on verified outlets ($name store)', (factory) => {
  // The verifier keeps time by the test's clock too: what it remembers having queued expires as the worker's jobs do.
  const service = serviceFixture(factory, createApp, { now: () => clock ?? Date.now() });
  let served: ServedDomains | undefined;
  let fetchPage: PageFetcher;
  let fetchRobots: RobotsFetcher;
  let repositories: StoreRepositories;
  let loop: RecheckLoop | undefined;
  let clock: number;
  let runs: LoopRuns;
  /** Every request the outlet's server saw: `HOST PATH USER-AGENT`. */
  const seen: string[] = [];
  let outletId: number;
  let quietId: number;
  const profileIds: Record<string, number> = {};

  /**
   * A v2 lookup, and then its attribution request written (the verifier writes them together every moment) and
   * spread into its own item, as each worker run does first.
   */
  const ask = async (url: string) => {
    const answer = await request(service.app).post(V2).query({ url }).set('Authorization', service.authorization);
    await service.settle();
    await spreadAttributionAsks({ queue: repositories.queue, holder: 'test-spread', now: () => new Date(clock ?? Date.now()) });
    return answer;
  };
  const queued = (url: string) => repositories.queue.find(ATTRIBUTION_TOPIC, url);
  const requestsFor = (path: string, host = OUTLET) => seen.filter((line) => line.startsWith(`${host} ${path} `));

  beforeAll(async () => {
    const serve: http.RequestListener = (req, res) => {
      seen.push(`${req.headers.host} ${req.url} ${req.headers['user-agent']}`);
      if (req.url === '/robots.txt') return void res.writeHead(200, { 'Content-Type': 'text/plain' }).end(ROBOTS);
      const html = PAGES[req.url ?? ''];
      if (!html) return void res.writeHead(404).end();
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
    };
    served = await startServedDomains(serve, { hostnames: [OUTLET, `www.${OUTLET}`, QUIET] });
    const config = served.config();
    // As main.ts builds them.
    fetchPage = createPageFetcher({ ...outboundOf(config), userAgent: BYLINE_BOT_USER_AGENT });
    fetchRobots = robotsFetcherFrom(config);

    repositories = repositoriesOf(service.store);
    const person = (who: typeof STAFF, verified = true) =>
      aProfile({ profile_slug: who.slug, profile_first_name: who.first, profile_last_name: who.last, verified, articles: [] });
    await seed(service.store, person(STAFF), person(LINKED), person(UNVERIFIED, false), person(FORMER));
    for (const who of [STAFF, LINKED, UNVERIFIED, FORMER])
      profileIds[who.slug] = (await repositories.profiles.findBySlug(who.slug))!.id;

    outletId = await verifiedPublisher('attribution-outlet', OUTLET);
    quietId = await verifiedPublisher('quiet-outlet', QUIET);
    await repositories.publishers.update(quietId, { attribution: false }, new Date());
    // The outlet vouches for its staff, who accepted; FORMER's affiliation has ended.
    for (const [who, publisherId] of [
      [STAFF, outletId],
      [LINKED, outletId],
      [UNVERIFIED, outletId],
      [FORMER, outletId],
      [STAFF, quietId],
    ] as const) {
      const invitation = await repositories.staff.invite(publisherId, { profileId: profileIds[who.slug]! }, 'admin', new Date());
      await repositories.staff.accept(invitation!.id, profileIds[who.slug]!, new Date('2031-01-05T00:00:00.000Z'));
      if (who === FORMER) await repositories.staff.end(invitation!.id, 'admin', 'Left the paper', new Date());
    }
  });
  afterAll(async () => {
    await loop?.stop();
    await served?.close();
  });

  beforeEach(() => {
    clock = Date.now() + 60_000;
    runs = new LoopRuns();
    seen.length = 0;
  });
  afterEach(async () => {
    await loop?.stop();
    loop = undefined;
  });

  const verifiedPublisher = (slug: string, domain: string) => verifiedPublisherOn(repositories, slug, `The ${slug}`, domain);

  function start(logger = capturingLogger().logger) {
    loop = startRecheckLoop({
      ...recheckSourcesOf(repositories),
      attribution: {
        ...attributionStoresOf(repositories),
        fetchPage,
        fetchRobots,
        hostIntervalMs: HOST_INTERVAL_MS,
        retryMs: HOUR,
      },
      portalUrl: PORTAL,
      policy: POLICY,
      holder: 'attribution-test',
      now: () => new Date(clock),
      pollIntervalMs: 20,
      logger,
      onRun: runs.record,
    });
  }

  /** Waits for runs until the addresses' jobs are done (off the queue, or kept finished); the runs' summaries added up. */
  async function worked(...urls: string[]): Promise<AttributionSummary> {
    const from = runs.all.length;
    const deadline = Date.now() + 10_000;
    for (;;) {
      const failed = runs.all.slice(from).find((run) => run.error);
      if (failed) throw failed.error;
      const left = await Promise.all(urls.map(queued));
      if (left.every((item) => item === null || item.payload.finished !== undefined)) {
        // The run that settled the last job has reported (its summary counted) once a later one starts.
        await runs.next();
        return totalOf(runs.all.slice(from));
      }
      if (Date.now() > deadline) throw new Error(`still queued: ${JSON.stringify(left)}`);
      await runs.next();
    }
  }

  const totalOf = (some: LoopRun[]): AttributionSummary => {
    const total = { attributed: 0, notAttributed: 0, disallowed: 0, deferred: 0, retried: 0, gaveUp: 0 };
    for (const { attribution } of some) {
      for (const key of Object.keys(total) as (keyof AttributionSummary)[]) total[key] += attribution?.[key] ?? 0;
    }
    return total;
  };

  it('a lookup answers domain_verified at once and queues the page; once the worker credits the staff journalist it answers article_verified', async () => {
    const url = page('/2031/harbour-report');
    const first = await ask(url);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ type: 'domain_verified_plus', verified: false, domain_info: { domain: OUTLET } });
    expect(await queued(url)).toMatchObject({ payload: { url, publisherId: outletId }, holder: null });
    // Asked again before the worker ran: still one job, its due time as it was.
    const { dueAt } = (await queued(url))!;
    expect((await ask(url)).body.type).toBe('domain_verified_plus');
    expect(await queued(url)).toMatchObject({ dueAt });
    // Nothing was fetched on the lookup's account.
    expect(seen).toEqual([]);

    const { logger, output } = capturingLogger();
    start(logger);
    expect(await worked(url)).toMatchObject({ attributed: 1, notAttributed: 0 });

    const after = await ask(url);
    expect(after.status).toBe(200);
    expect(after.body.type).toBe('article_verified');
    expect(after.body.verified).toBe(true);
    expect(JSON.stringify(after.body)).toContain(STAFF.slug);
    expect(after.body.domain_info).toMatchObject({ domain: OUTLET });

    const [claim] = (await repositories.articles.claimsOf(profileIds[STAFF.slug]!)).filter((c) => c.article.link === url);
    expect(claim!.article.title).toBe('Harbour report');
    expect(claim!.proof.state).toBe('proven');
    expect(claim!.proof.evidence).toEqual([
      expect.objectContaining({
        method: 'authorship-attested',
        by: ATTRIBUTION_ACTOR,
        matched: expect.stringContaining(`author name “${STAFF.first} ${STAFF.last}”`),
        note: expect.stringContaining('Attributed on the vouching of The attribution-outlet'),
        endedAt: null,
      }),
    ]);
    // robots.txt read first, then the page, both as BylineBot.
    expect(seen).toEqual([
      `${OUTLET} /robots.txt ${BYLINE_BOT_USER_AGENT}`,
      `${OUTLET} /2031/harbour-report ${BYLINE_BOT_USER_AGENT}`,
    ]);
    expect(output()).toContain('"outcome":"attributed"');
    // The logs name the journalist by id, never by name or slug.
    for (const name of [STAFF.first, STAFF.last, STAFF.slug]) expect(output()).not.toContain(name);
  });

  it('credits staff by a link to their public page, and fetches one page per host per interval', async () => {
    const linked = page('/2031/linked-report');
    const second = page('/2031/second-report');
    for (const url of [linked, second]) expect((await ask(url)).body.type).toBe('domain_verified_plus');
    start();
    // One of the two is fetched, the other waits for the host's turn.
    await runs.next();
    while (totalOf(runs.all).attributed < 1) await runs.next();
    expect(totalOf(runs.all)).toMatchObject({ attributed: 1, deferred: 1 });
    const waitingJob = (await queued(linked)) ?? (await queued(second));
    expect(waitingJob).not.toBeNull();
    expect(Date.parse(waitingJob!.dueAt)).toBe(clock + HOST_INTERVAL_MS);
    const fetched = seen.filter((line) => !line.includes('/robots.txt'));
    expect(fetched).toHaveLength(1);

    clock += HOST_INTERVAL_MS;
    await worked(linked, second);
    expect((await ask(linked)).body.type).toBe('article_verified');
    expect((await ask(second)).body.type).toBe('article_verified');
    const [claim] = (await repositories.articles.claimsOf(profileIds[LINKED.slug]!)).filter((c) => c.article.link === linked);
    expect(claim!.proof.evidence[0]!.matched).toContain(`JSON-LD author ${publicProfileUrl(PORTAL, LINKED.slug)}`);
  });

  it('credits every staff member a co-written page links, in the page’s order', async () => {
    const url = page('/2031/co-written');
    expect((await ask(url)).body.type).toBe('domain_verified_plus');
    start();
    expect(await worked(url)).toMatchObject({ attributed: 1, notAttributed: 0 });
    const answer = (await ask(url)).body;
    expect(answer).toMatchObject({ type: 'article_verified', profile_slug: LINKED.slug });
    expect(answer.authors.map((author: { profile_slug: string }) => author.profile_slug)).toEqual([LINKED.slug, STAFF.slug]);
  });

  it('a page crediting someone else is not attributed', async () => {
    const url = page('/2031/guest-column');
    // Looked up as www.: the address as given is fetched, the job keyed by the canonical one.
    expect((await ask(page('/2031/guest-column#comments', `www.${OUTLET}`))).body.type).toBe('domain_verified_plus');
    start();
    expect(await worked(url)).toMatchObject({ attributed: 0, notAttributed: 1 });
    expect(requestsFor('/robots.txt', `www.${OUTLET}`)).toHaveLength(1);
    expect(requestsFor('/2031/guest-column', `www.${OUTLET}`)).toHaveLength(1);
    expect(requestsFor('/2031/guest-column')).toEqual([]);
    // Finished, it stays queued a day: lookups meanwhile neither queue it again nor have the page read again.
    const finished = await queued(url);
    expect(finished).toMatchObject({
      payload: {
        url,
        address: page('/2031/guest-column', `www.${OUTLET}`),
        finished: 'the page credits none of the publisher’s verified active staff',
      },
      dueAt: new Date(clock + DAY).toISOString(),
    });
    expect((await ask(url)).body.type).toBe('domain_verified_plus');
    expect(await queued(url)).toEqual(finished);
    clock += HOST_INTERVAL_MS;
    const from = runs.all.length;
    await runs.atLeast(from + 3);
    expect(requestsFor('/2031/guest-column', `www.${OUTLET}`)).toHaveLength(1);
    // A day on, it is taken off the queue; a lookup then queues it afresh.
    clock += DAY;
    const deadline = Date.now() + 10_000;
    while ((await queued(url)) !== null && Date.now() < deadline) await runs.next();
    expect(await queued(url)).toBeNull();
    await loop!.stop();
    await ask(url);
    expect(await queued(url)).toMatchObject({ payload: { url, publisherId: outletId } });
    expect((await queued(url))!.payload.finished).toBeUndefined();
    await repositories.queue.remove(ATTRIBUTION_TOPIC, url);
  });

  it('an address robots.txt disallows to BylineBot is never fetched', async () => {
    const url = page('/private/embargoed');
    expect((await ask(url)).body.type).toBe('domain_verified_plus');
    start();
    expect(await worked(url)).toMatchObject({ attributed: 0, disallowed: 1 });
    expect(requestsFor('/robots.txt')).toHaveLength(1);
    expect(requestsFor('/private/embargoed')).toEqual([]);
    expect((await ask(url)).body.type).toBe('domain_verified_plus');
  });

  it('a page that cannot be read is tried again later, three times in all', async () => {
    const url = page('/2031/not-there-yet');
    expect((await ask(url)).body.type).toBe('domain_verified_plus');
    start();
    const failuresSoFar = async (count: number) => {
      const deadline = Date.now() + 10_000;
      while ((await queued(url))?.payload.failures !== count && Date.now() < deadline) {
        await runs.next();
      }
      return queued(url);
    };
    expect(await failuresSoFar(1)).toMatchObject({ dueAt: new Date(clock + HOUR).toISOString() });
    clock += HOUR;
    expect(await failuresSoFar(2)).toMatchObject({ dueAt: new Date(clock + HOUR).toISOString() });
    clock += HOUR;
    expect(await worked(url)).toMatchObject({ gaveUp: 1 });
    expect((await queued(url))!.payload.finished).toContain('HTTP 404');
    expect(requestsFor('/2031/not-there-yet')).toHaveLength(3);
  });

  it('a publisher that switched attribution off has nothing queued', async () => {
    const url = page('/2031/quiet-story', QUIET);
    const res = await ask(url);
    expect(res.body).toMatchObject({ type: 'domain_verified_plus', domain_info: { domain: QUIET } });
    expect(await queued(url)).toBeNull();
    // An unknown domain queues nothing either.
    await ask('https://nowhere.example/story');
    expect(await queued('https://nowhere.example/story')).toBeNull();
  });

  it('a byline naming an unverified staff profile, or a journalist whose affiliation ended, is not attributed', async () => {
    const unverified = page('/2031/unverified-byline');
    const former = page('/2031/former-byline');
    expect((await ask(unverified)).body.type).toBe('domain_verified_plus');
    start();
    expect(await worked(unverified)).toMatchObject({ attributed: 0, notAttributed: 1 });
    clock += HOST_INTERVAL_MS;
    expect((await ask(former)).body.type).toBe('domain_verified_plus');
    expect(await worked(former)).toMatchObject({ attributed: 0, notAttributed: 1 });
    for (const url of [unverified, former]) expect((await ask(url)).body.type).toBe('domain_verified_plus');
    expect(requestsFor('/2031/unverified-byline')).toHaveLength(1);
    expect(requestsFor('/2031/former-byline')).toHaveLength(1);
    for (const who of [UNVERIFIED, FORMER]) expect(await repositories.articles.list(profileIds[who.slug]!)).toEqual([]);
  });

  describe('leases', () => {
    const LEASE_MS = 30_000;
    /** A page fetch that waits until let go (then reads the page), as a long one does; `started` once it is asked. */
    const slowFetch = () => {
      let letGo!: () => void;
      const released = new Promise<void>((resolve) => (letGo = resolve));
      let markStarted!: () => void;
      const started = new Promise<void>((resolve) => (markStarted = resolve));
      const fetcher: PageFetcher = async (url) => {
        markStarted();
        await released;
        return fetchPage(url);
      };
      return { fetcher, started, letGo };
    };
    /** One worker's attribution run, as the loop makes it, by the test's clock. */
    const attribution = (holder: string, more: Partial<AttributionOptions> = {}) =>
      runAttribution({
        ...attributionStoresOf(repositories),
        fetchPage,
        fetchRobots,
        portalUrl: PORTAL,
        holder,
        now: () => new Date(clock),
        ...more,
      });
    const nothing = { attributed: 0, notAttributed: 0, disallowed: 0, deferred: 0, retried: 0, gaveUp: 0 };

    it('a worker that dies with an item leased leaves it to another once its short lease has passed', async () => {
      const url = page('/2031/left-by-a-dead-worker');
      expect((await ask(url)).body.type).toBe('domain_verified_plus');
      const killed = new AbortController();
      const slow = slowFetch();
      // It would renew every 20 ms while alive.
      const dying = attribution('worker-a', { fetchPage: slow.fetcher, renewEveryMs: 20, signal: killed.signal });
      await slow.started;
      expect(await queued(url)).toMatchObject({ holder: 'worker-a', leasedUntil: new Date(clock + LEASE_MS).toISOString() });
      killed.abort();

      clock += LEASE_MS - 1_000;
      expect(await attribution('worker-b')).toEqual(nothing);
      clock += 2_000;
      expect(await attribution('worker-b')).toMatchObject({ attributed: 1 });
      expect(await queued(url)).toBeNull();
      expect(requestsFor('/2031/left-by-a-dead-worker')).toHaveLength(1);
      slow.letGo();
      await dying;
    });

    it('a live worker on a long item renews its lease: no one else takes the item meanwhile', async () => {
      const url = page('/2031/a-long-read');
      expect((await ask(url)).body.type).toBe('domain_verified_plus');
      const slow = slowFetch();
      const working = attribution('worker-a', { fetchPage: slow.fetcher, renewEveryMs: 20 });
      await slow.started;
      // Three lease lengths go by while its page is read: each time, its heartbeat has renewed the lease.
      for (let step = 0; step < 9; step++) {
        clock += 10_000;
        const renewedUntil = new Date(clock + LEASE_MS).toISOString();
        const deadline = Date.now() + 10_000;
        while ((await queued(url))?.leasedUntil !== renewedUntil) {
          if (Date.now() > deadline) throw new Error(`not renewed: ${JSON.stringify(await queued(url))}`);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        expect(await attribution('worker-b')).toEqual(nothing);
        expect(await queued(url)).toMatchObject({ holder: 'worker-a' });
      }
      slow.letGo();
      expect(await working).toMatchObject({ attributed: 1 });
      expect(requestsFor('/2031/a-long-read')).toHaveLength(1);
      expect(await queued(url)).toBeNull();
    });
  });
});

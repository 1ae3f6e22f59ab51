import request from 'supertest';
import { ATTRIBUTION_TOPIC } from '@byline/domain/queue/topics';
import { type PublisherDomains } from '@byline/domain/publishers/publisher-domains-repository';
import { type Staff } from '@byline/domain/staff/staff-repository';
import { BYLINE_BOT_USER_AGENT, robotsFetcherFrom, type RobotsFetcher } from '@byline/editorial/attribution/robots-txt';
import { createPageFetcher, type PageFetcher } from '@byline/editorial/authorship/fetch-page';
import { runAttribution } from '@byline/editorial/attribution/run-attribution';
import { outboundOf } from '@byline/fetcher';
import { bearer, quietLogger, startServedDomains, type ServedDomains, type StoreFactory } from '@byline/test-support';
import { createApp as articleVerifier } from '../../../article-verifier/src/app';
import { PROFILE_FORM, startPortal, type Portal } from './portal-harness';
import { articleEventsOf } from './webhooks';
import { editorVerifiedJournalist, joinedStaff, publisherOf } from './staff';

/** The portal's address the worker is given (runAttribution's portalUrl): profile links on outlets' pages are under it. */
export const WORKER_PORTAL_URL = 'https://portal.byline.test';
/** The name the profile form gives a journalist (PROFILE_FORM): what an outlet's page credits them by. */
export const PROFILE_NAME = `${PROFILE_FORM.profile_first_name} ${PROFILE_FORM.profile_last_name}`;

/** An outlet's article page crediting `author` (schema.org Person fields: name, url) in its JSON-LD. */
export const creditingPage = (title: string, author: Record<string, string>) =>
  `<!doctype html><html><head><title>${title}</title><meta property="og:title" content="${title}">` +
  `<script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: title,
    author: { '@type': 'Person', ...author },
  })}</script></head><body><h1>${title}</h1></body></html>`;

/** What a test gives the worker in place of the stores', to force an interleaving. */
export interface Racing {
  staff?: Pick<Staff, 'ofPublisher' | 'findById'>;
  publisherDomains?: Pick<PublisherDomains, 'matchHost' | 'findDomain'>;
}

export interface VouchedAttribution {
  /** The current test's portal, on a fresh store. */
  portal: Portal;
  /** The outlets' https site and its DNS server, for the whole describe block. */
  served: ServedDomains;
  /** What the outlets' pages say, by address (`https://host/path`; any other answers 404): set per test. */
  pages: Record<string, string>;
  /** verify_article (v1 and v2) through the article verifier, as the service builds it, with an API key. */
  v1(url: string): Promise<request.Response>;
  v2(url: string): Promise<request.Response>;
  /** Writes the attributions the verifiers' v2 lookups asked for (what closing the service does). */
  flush(): Promise<void>;
  /** Both versions answer the article as the journalist's (`slug`). */
  expectVerified(url: string, slug: string): Promise<void>;
  /** Queues the addresses for the worker to attribute on the publisher's vouching, due now. */
  queueAttribution(urls: string[], publisherId: number): Promise<void>;
  /** One run of the worker's attribution, on the stores or on what `racing` puts in their place. */
  attribute(racing?: Racing): ReturnType<typeof runAttribution>;
  /** The article events queued for webhooks since the last call (the MongoDB outbox relayed first): `type url`. */
  articleEvents(): Promise<string[]>;
  /**
   * A verified publisher named `name`, its outlets' domains proven by `proveDomains`, and a journalist an editor
   * verified on its staff (invited and accepted through the portal).
   */
  vouchedStaff(
    name: string,
    proveDomains: (publisher: Awaited<ReturnType<typeof publisherOf>>) => Promise<void>,
  ): Promise<{
    harbour: Awaited<ReturnType<typeof publisherOf>>;
    person: Awaited<ReturnType<typeof editorVerifiedJournalist>>;
    affiliationId: number;
  }>;
}

/**
 * For a describe block of tests on the worker's attribution of outlets' pages to a publisher's staff: the outlets'
 * `hostnames` served over https on loopback (with a DNS server naming them) for all of them, and for each a portal on
 * a fresh store, closed after it. `holder` names the worker's runs. Read the fields inside hooks and tests.
 */
export function vouchedAttributionPerTest(
  factory: StoreFactory,
  { hostnames, holder }: { hostnames: string[]; holder: string },
): VouchedAttribution {
  let fetchPage: PageFetcher;
  let fetchRobots: RobotsFetcher;
  const closing: (() => Promise<void>)[] = [];
  const articleEvents = articleEventsOf(() => fixture.portal, holder);

  const verifier = () =>
    articleVerifier({
      store: fixture.portal.store,
      logger: quietLogger(),
      authCacheTtlMs: 0,
      onClose: (task) => void closing.push(task),
    });
  const lookup = async (path: string, url: string) =>
    request(verifier())
      .post(path)
      .query({ url })
      .set('Authorization', await bearer(fixture.portal.store));

  const fixture: VouchedAttribution = {
    portal: undefined as unknown as Portal,
    served: undefined as unknown as ServedDomains,
    pages: {},
    v1: (url) => lookup('/api/verify_article', url),
    v2: (url) => lookup('/api/v2/verify_article', url),
    flush: async () => {
      await Promise.all(closing.splice(0).map((task) => task()));
    },
    async expectVerified(url, slug) {
      const one = await fixture.v1(url);
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ verified: true, profile_slug: slug });
      const two = await fixture.v2(url);
      expect(two.status).toBe(200);
      expect(two.body).toMatchObject({ type: 'article_verified', verified: true, profile_slug: slug });
    },
    async queueAttribution(urls, publisherId) {
      for (const url of urls) {
        await fixture.portal.repositories.queue.enqueue({
          topic: ATTRIBUTION_TOPIC,
          key: url,
          payload: { url, publisherId },
          dueAt: new Date(Date.now() - 1000),
        });
      }
    },
    attribute: ({ staff, publisherDomains }: Racing = {}) =>
      runAttribution({
        queue: fixture.portal.repositories.queue,
        publishers: fixture.portal.repositories.publishers,
        publisherDomains: publisherDomains ?? fixture.portal.repositories.publisherDomains,
        staff: staff ?? fixture.portal.repositories.staff,
        sources: fixture.portal.repositories,
        fetchPage,
        fetchRobots,
        portalUrl: WORKER_PORTAL_URL,
        holder,
        hostIntervalMs: 0,
      }),
    async articleEvents() {
      return (await articleEvents()).map((payload) => `${payload.type} ${(payload.data as { url: string }).url}`);
    },
    async vouchedStaff(name, proveDomains) {
      const harbour = await publisherOf(fixture.portal, name);
      await proveDomains(harbour);
      const person = await editorVerifiedJournalist(fixture.portal);
      const affiliationId = await joinedStaff(harbour, person);
      return { harbour, person, affiliationId };
    },
  };

  beforeAll(async () => {
    fixture.served = await startServedDomains(
      (req, res) => {
        const html = fixture.pages[`https://${(req.headers.host ?? '').replace(/:\d+$/, '')}${req.url ?? ''}`];
        if (!html) return void res.writeHead(404).end();
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
      },
      { hostnames },
    );
    const config = fixture.served.config();
    fetchPage = createPageFetcher({ ...outboundOf(config), userAgent: BYLINE_BOT_USER_AGENT });
    fetchRobots = robotsFetcherFrom(config);
  });
  afterAll(() => fixture.served?.close());
  beforeEach(async () => {
    fixture.pages = {};
    closing.length = 0;
    articleEvents.forget();
    fixture.portal = await startPortal(factory);
  });
  afterEach(() => fixture.portal.close());
  return fixture;
}

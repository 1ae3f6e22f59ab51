import request from 'supertest';
import { ATTRIBUTION_TOPIC, NO_VERIFIED_AUTHOR_MESSAGE } from '@byline/shared';
import { relayStoreOutbox, WEBHOOK_EVENT_TOPIC, type WebhookEvent } from '@byline/shared/storage';
import {
  AUTHORSHIP_PROVIDER,
  BYLINE_BOT_USER_AGENT,
  createPageFetcher,
  outboundOf,
  publicProfileUrl,
  proveArticle,
  robotsFetcherFrom,
  runAttribution,
  type PageFetcher,
  type RobotsFetcher,
} from '@byline/editorial';
import { bearer, quietLogger, startServedDomains, type ServedDomains } from '@byline/test-support';
import { createApp as articleVerifier } from '../../article-verifier/src/app';
import { editor, journalist, reviewPath } from './support/editors';
import { portalStoreFactories, startPortal, submit, type Portal } from './support/portal-harness';
import { invitationOn, publisherOf } from './support/staff';

/**
 * A publisher's vouching ends with its affiliation: the worker attributes pages on a verified outlet's domain to its
 * active staff, crediting them by name alone on the publisher's word; when either side ends the affiliation through
 * the portal, those articles stop answering in both verify_article versions (their proofs kept, marked ended, and the
 * history naming who ended it), while one the page credits by a link to the journalist stays.
 */

const OUTLET = 'vouching-outlet.test';
const PORTAL_URL = 'https://portal.byline.test';
const BY_NAME = `https://${OUTLET}/2031/council-vote`;
const BY_LINK = `https://${OUTLET}/2031/harbour-dredging`;
const NAME = 'Aoife Brennan'; // the profile form's name (support/portal-harness.ts)

const articlePage = (title: string, author: Record<string, string>) =>
  `<!doctype html><html><head><title>${title}</title><meta property="og:title" content="${title}">` +
  `<script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: title,
    author: { '@type': 'Person', ...author },
  })}</script></head><body><h1>${title}</h1></body></html>`;

/** Text as a reader sees it: tags dropped, whitespace collapsed. */
const textOf = (page: string) =>
  page
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/&#39;/g, "'");

describe.each(portalStoreFactories())('an affiliation’s end releases what its vouching proved ($name store)', (factory) => {
  let served: ServedDomains | undefined;
  let fetchPage: PageFetcher;
  let fetchRobots: RobotsFetcher;
  /** Who the outlet's pages credit, by path: set per test once the journalist's slug is known. */
  let pages: Record<string, string> = {};
  let portal: Portal;

  beforeAll(async () => {
    served = await startServedDomains(
      (req, res) => {
        const html = pages[req.url ?? ''];
        if (!html) return void res.writeHead(404).end();
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
      },
      { hostnames: [OUTLET] },
    );
    const config = served.config();
    fetchPage = createPageFetcher({ ...outboundOf(config), userAgent: BYLINE_BOT_USER_AGENT });
    fetchRobots = robotsFetcherFrom(config);
  });
  afterAll(() => served?.close());
  beforeEach(async () => {
    portal = await startPortal(factory);
  });
  afterEach(() => portal.close());

  const seenEvents = new Set<string>();
  /** The article events queued for webhooks since the last call (the MongoDB outbox relayed first): `type url`. */
  async function articleEvents(): Promise<string[]> {
    await relayStoreOutbox(portal.store.database);
    const items = await portal.backend.queue.takeDue({
      topic: WEBHOOK_EVENT_TOPIC,
      now: new Date(Date.now() + 60_000),
      holder: 'staff-end-test',
      leaseMs: 1,
      limit: 100,
      evenIfNotDue: true,
    });
    const events = items.map((item) => item.payload as unknown as WebhookEvent).filter((event) => !seenEvents.has(event.id));
    for (const event of events) seenEvents.add(event.id);
    return events
      .map((event) => event.payload)
      .filter((payload) => payload.type.startsWith('article.'))
      .map((payload) => `${payload.type} ${(payload.data as { url: string }).url}`);
  }

  const verifier = () => articleVerifier({ store: portal.store, logger: quietLogger(), authCacheTtlMs: 0 });
  const v1 = async (url: string) =>
    request(verifier())
      .post('/api/verify_article')
      .query({ url })
      .set('Authorization', await bearer(portal.store));
  const v2 = async (url: string) =>
    request(verifier())
      .post('/api/v2/verify_article')
      .query({ url })
      .set('Authorization', await bearer(portal.store));

  /**
   * A verified outlet proving OUTLET, a verified journalist on its staff (invited and accepted through the portal),
   * and the worker's attribution of the outlet's two pages to them: one crediting them by name, one by a link.
   */
  async function attributedStaff() {
    const harbour = await publisherOf(portal, 'The Harbour Times');
    const { publishers } = portal.backend;
    await publishers.addDomain(harbour.publisher.id, OUTLET, 'token-outlet', harbour.email, new Date());
    await publishers.recordCheck(
      harbour.publisher.id,
      OUTLET,
      { outcome: 'proven', method: 'dns-txt', at: new Date().toISOString() },
      null,
    );
    const person = await journalist(portal, {}, { request: false });
    await portal.backend.verification.decide({
      profileId: person.profileId,
      actor: 'ed@example.org',
      action: 'verified',
      note: '',
    });
    await submit(harbour.agent, harbour.path, `${harbour.path}/staff`, { invitee: person.slug });
    const affiliationId = await invitationOn(person.agent);
    await submit(person.agent, '/profile', `/profile/staff/${affiliationId}/accept`, {});

    pages = {
      '/2031/council-vote': articlePage('Council vote', { name: NAME }),
      '/2031/harbour-dredging': articlePage('Harbour dredging', {
        name: 'A. B.',
        url: publicProfileUrl(PORTAL_URL, person.slug),
      }),
    };
    const dueAt = new Date(Date.now() - 1000);
    for (const url of [BY_NAME, BY_LINK]) {
      await portal.backend.queue.enqueue({
        topic: ATTRIBUTION_TOPIC,
        key: url,
        payload: { url, publisherId: harbour.publisher.id },
        dueAt,
      });
    }
    const summary = await runAttribution({
      queue: portal.backend.queue,
      publishers: portal.backend.publishers,
      staff: portal.backend.staff,
      sources: portal.backend,
      fetchPage,
      fetchRobots,
      portalUrl: PORTAL_URL,
      holder: 'staff-end-test',
      hostIntervalMs: 0,
    });
    expect(summary).toMatchObject({ attributed: 2, notAttributed: 0 });

    for (const url of [BY_NAME, BY_LINK]) {
      const one = await v1(url);
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ verified: true, profile_slug: person.slug });
      const two = await v2(url);
      expect(two.status).toBe(200);
      expect(two.body).toMatchObject({ type: 'article_verified', verified: true, profile_slug: person.slug });
    }
    const claims = await portal.backend.articles.claimsOf(person.profileId);
    const claimAt = (url: string) => claims.find((claim) => claim.article.link === url)!;
    expect(claimAt(BY_NAME).proof.evidence).toEqual([
      expect.objectContaining({
        method: 'authorship-attested',
        attribution: { by: 'name', publisherId: harbour.publisher.id, affiliationId },
        endedAt: null,
      }),
    ]);
    expect(claimAt(BY_LINK).proof.evidence).toEqual([
      expect.objectContaining({ attribution: { by: 'link', publisherId: harbour.publisher.id, affiliationId } }),
    ]);
    return { harbour, person, affiliationId };
  }

  /** After the end: the name-only article answers as unknown, its proof kept and ended; the linked one still answers. */
  async function expectNameOnlyReleased(profileId: number, slug: string, endedBy: string) {
    const one = await v1(BY_NAME);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ verified: false, message: NO_VERIFIED_AUTHOR_MESSAGE });
    const two = await v2(BY_NAME);
    expect(two.status).toBe(200);
    // Still a verified outlet's domain, without the journalist on its staff now.
    expect(two.body).toMatchObject({ type: 'domain_verified', verified: false, domain_info: { domain: OUTLET } });
    expect(JSON.stringify(two.body)).not.toContain(slug);

    expect((await v1(BY_LINK)).body).toMatchObject({ verified: true, profile_slug: slug });
    expect((await v2(BY_LINK)).body).toMatchObject({ type: 'article_verified', verified: true, profile_slug: slug });

    const claims = await portal.backend.articles.claimsOf(profileId);
    const byName = claims.find((claim) => claim.article.link === BY_NAME)!;
    const today = new Date().toISOString().slice(0, 10);
    const reason = `Credited by name only, on the vouching of The Harbour Times: the affiliation ended on ${today}.`;
    expect(byName.proof).toMatchObject({ state: 'lapsed', reason });
    expect(byName.proof.evidence).toEqual([
      expect.objectContaining({
        method: 'authorship-attested',
        endedAt: expect.stringMatching(new RegExp(`^${today}T`)),
        endedReason: reason,
      }),
    ]);
    const byLink = claims.find((claim) => claim.article.link === BY_LINK)!;
    expect(byLink.proof.state).toBe('proven');
    expect(byLink.proof.evidence[0]!.endedAt).toBeNull();

    const history = await portal.backend.audit.historyOf(profileId);
    expect(history.filter((record) => record.action === 'article-vouching-ended')).toEqual([
      expect.objectContaining({ actor: endedBy, note: `${BY_NAME}: ${reason}` }),
    ]);
    // The editors read it on the profile's review: the article no longer counts, why, and who ended the vouching.
    const desk = await editor(portal);
    const review = textOf((await desk.agent.get(reviewPath(profileId))).text);
    expect(review).toContain(reason);
    expect(review).toContain('Attribution by name ended: the publisher’s vouching no longer holds');
    expect(review).toContain(endedBy);
    // An article that stopped counting: its deactivation is a webhook event, as for any other.
    expect(await articleEvents()).toEqual([
      `article.verified ${BY_NAME}`,
      `article.verified ${BY_LINK}`,
      `article.deactivated ${BY_NAME}`,
    ]);
    return reason;
  }

  it('the publisher ends the affiliation: the name-only attribution stops answering, the linked one stays', async () => {
    const { harbour, person, affiliationId } = await attributedStaff();
    const endPath = `${harbour.path}/staff/${affiliationId}/end`;
    const ended = await submit(harbour.agent, endPath, endPath, { confirm: 'end', reason: 'Contract over' });
    expect(ended.status).toBe(303);
    const reason = await expectNameOnlyReleased(person.profileId, person.slug, harbour.email);
    // The journalist sees it on their articles page, with why.
    const own = textOf((await person.agent.get('/articles')).text);
    expect(own).toContain(`No longer counts ${reason}`);
  });

  it('the journalist ends the affiliation: the same', async () => {
    const { person, affiliationId } = await attributedStaff();
    const endPath = `/profile/staff/${affiliationId}/end`;
    const ended = await submit(person.agent, endPath, endPath, { confirm: 'end', reason: '' });
    expect(ended.status).toBe(303);
    await expectNameOnlyReleased(person.profileId, person.slug, person.email);
  });

  it('an article its own page check proved too, by a link, keeps counting on that proof', async () => {
    const { harbour, person, affiliationId } = await attributedStaff();
    await articleEvents();
    // The page later links the journalist and their page check proves it (as checkArticle writes it): a second proof.
    const claim = (await portal.backend.articles.claimsOf(person.profileId)).find((c) => c.article.link === BY_NAME)!;
    const linked = {
      method: 'authorship-attested' as const,
      provider: AUTHORSHIP_PROVIDER,
      by: 'byline:authorship-check',
      matched: `JSON-LD author ${publicProfileUrl(PORTAL_URL, person.slug)}`,
    };
    const proven = await proveArticle(
      portal.backend.articles,
      { profileId: person.profileId, articleId: claim.article.id, evidence: linked },
      'byline:authorship-check',
    );
    expect(proven.ok).toBe(true);

    const endPath = `${harbour.path}/staff/${affiliationId}/end`;
    expect((await submit(harbour.agent, endPath, endPath, { confirm: 'end', reason: 'Left' })).status).toBe(303);
    expect((await v1(BY_NAME)).body).toMatchObject({ verified: true, profile_slug: person.slug });
    expect((await v2(BY_NAME)).body).toMatchObject({ type: 'article_verified', verified: true });
    const after = (await portal.backend.articles.claimsOf(person.profileId)).find((c) => c.article.link === BY_NAME)!;
    expect(after.proof.state).toBe('proven');
    expect(after.proof.evidence.map((e) => [e.attribution?.by ?? null, e.endedAt === null])).toEqual([
      ['name', false],
      [null, true],
    ]);
    const [record] = (await portal.backend.audit.historyOf(person.profileId)).filter(
      (r) => r.action === 'article-vouching-ended',
    );
    expect(record!.note).toContain('Another live proof keeps it counting.');
    expect(await articleEvents()).toEqual([]);
  });
});

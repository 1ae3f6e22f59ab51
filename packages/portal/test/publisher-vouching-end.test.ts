import request from 'supertest';
import { ATTRIBUTION_TOPIC, NO_VERIFIED_AUTHOR_MESSAGE } from '@byline/shared';
import { relayStoreOutbox, WEBHOOK_EVENT_TOPIC, type Publishers, type Staff, type WebhookEvent } from '@byline/shared/storage';
import {
  BYLINE_BOT_USER_AGENT,
  checkPublisherDomain,
  createPageFetcher,
  DOMAIN_CHECK_ACTOR,
  domainProofSourcesOf,
  outboundOf,
  proofValueOf,
  publicProfileUrl,
  robotsFetcherFrom,
  runAttribution,
  runDomainRecheck,
  type DomainProofSources,
  type PageFetcher,
  type RobotsFetcher,
} from '@byline/editorial';
import { bearer, quietLogger, startServedDomains, type ServedDomains } from '@byline/test-support';
import { createApp as articleVerifier } from '../../article-verifier/src/app';
import { editor, journalist } from './support/editors';
import { portalStoreFactories, startPortal, submit, type Portal } from './support/portal-harness';
import { invitationOn, publisherOf } from './support/staff';

/**
 * A credit by name alone counts only on the publisher's vouching, and that vouching is the publisher's verification
 * and its proof of the domain as much as the affiliation: when an editor withdraws the verification, the domain
 * re-check lapses a domain or the admin removes one, the worker's name-only attributions resting on it stop answering
 * in both verify_article versions (kept, ended, the history naming who did it) — on a domain, only the articles that
 * domain covered — while those crediting the journalist by a link stay. Verifying the publisher again restores
 * nothing by itself: a later lookup asks for the page to be attributed again, and the worker proves it again.
 */

const NORTH = 'north-harbour.test';
const SOUTH = 'south-harbour.test';
const PORTAL_URL = 'https://portal.byline.test';
/** On a subdomain of NORTH: NORTH's proof covered it. */
const NORTH_BY_NAME = `https://news.${NORTH}/2032/ferry-strike`;
const NORTH_BY_LINK = `https://${NORTH}/2032/pier-repairs`;
const SOUTH_BY_NAME = `https://${SOUTH}/2032/market-day`;
const ALL = [NORTH_BY_NAME, NORTH_BY_LINK, SOUTH_BY_NAME];
const NAME = 'Aoife Brennan'; // the profile form's name (support/portal-harness.ts)
const PUBLISHER = 'The Harbour Times';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const POLICY = { intervalMs: DAY, graceMs: 3 * DAY, retryMs: 6 * HOUR };

const articlePage = (title: string, author: Record<string, string>) =>
  `<!doctype html><html><head><title>${title}</title><meta property="og:title" content="${title}">` +
  `<script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: title,
    author: { '@type': 'Person', ...author },
  })}</script></head><body><h1>${title}</h1></body></html>`;

const day = (at: Date) => at.toISOString().slice(0, 10);

/** What the worker is given in place of the stores', to force an interleaving. */
interface Racing {
  staff?: Pick<Staff, 'ofPublisher' | 'findById'>;
  publishers?: Pick<Publishers, 'findById' | 'matchHost' | 'findDomain'>;
}

describe.each(portalStoreFactories())(
  'the publisher’s vouching ends: its name-only attributions end ($name store)',
  (factory) => {
    let served: ServedDomains | undefined;
    let fetchPage: PageFetcher;
    let fetchRobots: RobotsFetcher;
    let proofSources: DomainProofSources;
    /** What the outlets' pages say, by host and path: set per test once the journalist's slug is known. */
    let pages: Record<string, string> = {};
    let portal: Portal;

    beforeAll(async () => {
      served = await startServedDomains(
        (req, res) => {
          const html = pages[`${(req.headers.host ?? '').replace(/:\d+$/, '')}${req.url ?? ''}`];
          if (!html) return void res.writeHead(404).end();
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
        },
        { hostnames: [NORTH, `news.${NORTH}`, SOUTH] },
      );
      const config = served.config();
      fetchPage = createPageFetcher({ ...outboundOf(config), userAgent: BYLINE_BOT_USER_AGENT });
      fetchRobots = robotsFetcherFrom(config);
      proofSources = domainProofSourcesOf(config);
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
        now: new Date(Date.now() + 60 * DAY),
        holder: 'vouching-end-test',
        leaseMs: 1,
        limit: 100,
        evenIfNotDue: true,
      });
      const events = items.map((item) => item.payload as unknown as WebhookEvent).filter((event) => !seenEvents.has(event.id));
      for (const event of events) seenEvents.add(event.id);
      return events
        .map((event) => event.payload)
        .filter((payload) => payload.type.startsWith('article.'))
        .map((payload) => `${payload.type} ${(payload.data as { url: string }).url}`)
        .sort();
    }

    /** The verifier, as the service builds it; `flush` writes the attributions its v2 lookups asked for. */
    const closing: (() => Promise<void>)[] = [];
    const verifier = () =>
      articleVerifier({
        store: portal.store,
        logger: quietLogger(),
        authCacheTtlMs: 0,
        onClose: (task) => void closing.push(task),
      });
    const flush = () => Promise.all(closing.splice(0).map((task) => task()));
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

    const worker = ({ staff, publishers }: Racing = {}) =>
      runAttribution({
        queue: portal.backend.queue,
        publishers: publishers ?? portal.backend.publishers,
        staff: staff ?? portal.backend.staff,
        sources: portal.backend,
        fetchPage,
        fetchRobots,
        portalUrl: PORTAL_URL,
        holder: 'vouching-end-test',
        hostIntervalMs: 0,
      });

    /** Proves the domain by its DNS TXT record (the served DNS server), queuing its re-checks on POLICY. */
    async function proveByDns(publisherId: number, domain: string, actor: string, now: Date) {
      await portal.backend.publishers.addDomain(publisherId, domain, `token-${domain}`, actor, now);
      served!.dns.set(`_byline.${domain}`, { txt: [proofValueOf(`token-${domain}`)] });
      const checked = await checkPublisherDomain(
        portal.backend,
        { publisherId, domain },
        { sources: proofSources, schedule: POLICY, actor, now },
      );
      expect(checked).toMatchObject({ outcome: 'proven' });
    }

    /**
     * A verified outlet proving NORTH and SOUTH by DNS, a verified journalist on its staff (invited and accepted
     * through the portal), its pages crediting them by name (on both domains) and by a link, and the worker's
     * attribution of `urls` to them.
     */
    async function attributedStaff(urls = ALL, racing?: Racing) {
      const harbour = await publisherOf(portal, PUBLISHER);
      const start = new Date();
      for (const domain of [NORTH, SOUTH]) await proveByDns(harbour.publisher.id, domain, harbour.email, start);
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
        [`news.${NORTH}/2032/ferry-strike`]: articlePage('Ferry strike', { name: NAME }),
        [`${NORTH}/2032/pier-repairs`]: articlePage('Pier repairs', {
          name: 'A. B.',
          url: publicProfileUrl(PORTAL_URL, person.slug),
        }),
        [`${SOUTH}/2032/market-day`]: articlePage('Market day', { name: NAME }),
      };
      for (const url of urls) {
        await portal.backend.queue.enqueue({
          topic: ATTRIBUTION_TOPIC,
          key: url,
          payload: { url, publisherId: harbour.publisher.id },
          dueAt: new Date(Date.now() - 1000),
        });
      }
      const summary = await worker(racing);
      if (!racing) {
        expect(summary).toMatchObject({ attributed: urls.length, notAttributed: 0 });
        for (const url of urls) expect((await v1(url)).body).toMatchObject({ verified: true, profile_slug: person.slug });
        expect(await articleEvents()).toEqual(urls.map((url) => `article.verified ${url}`).sort());
      }
      return { harbour, person, affiliationId, start, summary };
    }

    const claimAt = async (profileId: number, url: string) =>
      (await portal.backend.articles.claimsOf(profileId)).find((claim) => claim.article.link === url)!;

    /** The article stopped answering in both versions (`v2Type` names what v2 still knows of its domain). */
    async function expectUnverified(url: string, v2Type: 'unverified' | 'domain_verified' | 'domain_verified_plus') {
      const one = await v1(url);
      expect(one.status).toBe(200);
      expect(one.body).toEqual({ verified: false, message: NO_VERIFIED_AUTHOR_MESSAGE });
      const two = await v2(url);
      expect(two.status).toBe(200);
      if (v2Type === 'unverified') {
        expect(two.body).toEqual({ type: 'unverified', verified: false, message: NO_VERIFIED_AUTHOR_MESSAGE });
      } else {
        expect(two.body).toMatchObject({ type: v2Type, verified: false });
      }
      // A verified outlet's answer may list its staff and what they wrote that counts: never this article.
      expect(JSON.stringify(two.body)).not.toContain(`"link":"${url}"`);
    }

    async function expectVerified(url: string, slug: string) {
      expect((await v1(url)).body).toMatchObject({ verified: true, profile_slug: slug });
      expect((await v2(url)).body).toMatchObject({ type: 'article_verified', verified: true, profile_slug: slug });
    }

    /** Its name-only proof is kept, ended with `reason`, and the article lapsed with it. */
    async function expectEnded(profileId: number, url: string, reason: string) {
      const claim = await claimAt(profileId, url);
      expect(claim.proof).toMatchObject({ state: 'lapsed', reason });
      expect(claim.proof.evidence).toEqual([
        expect.objectContaining({
          method: 'authorship-attested',
          attribution: expect.objectContaining({ by: 'name' }),
          endedAt: expect.any(String),
          endedReason: reason,
        }),
      ]);
    }

    async function vouchingHistory(profileId: number) {
      return (await portal.backend.audit.historyOf(profileId))
        .filter((record) => record.action === 'article-vouching-ended')
        .map(({ actor, note }) => ({ actor, note }));
    }

    it('an editor withdraws the verification: every name-only attribution ends; verified again, a lookup and the worker prove it again', async () => {
      const { harbour, person } = await attributedStaff();
      const desk = await editor(portal);
      const withdrawn = await submit(desk.agent, harbour.path, `/editor${harbour.path}/unverify`, { note: 'Masthead is fake' });
      expect(withdrawn.status).toBe(303);

      const today = day(new Date());
      const reason = `Credited by name only, on the vouching of ${PUBLISHER}: the publisher’s verification was withdrawn on ${today}.`;
      for (const url of [NORTH_BY_NAME, SOUTH_BY_NAME]) {
        await expectUnverified(url, 'unverified');
        await expectEnded(person.profileId, url, reason);
      }
      // The link credits the journalist on its own: the article stays proven and answering.
      await expectVerified(NORTH_BY_LINK, person.slug);
      expect((await claimAt(person.profileId, NORTH_BY_LINK)).proof.evidence).toEqual([
        expect.objectContaining({ attribution: expect.objectContaining({ by: 'link' }), endedAt: null }),
      ]);
      expect(await vouchingHistory(person.profileId)).toEqual(
        // newest first
        [SOUTH_BY_NAME, NORTH_BY_NAME].map((url) => ({ actor: desk.email, note: `${url}: ${reason}` })),
      );
      expect(await articleEvents()).toEqual([`article.deactivated ${NORTH_BY_NAME}`, `article.deactivated ${SOUTH_BY_NAME}`]);
      // The journalist reads why on their articles page.
      expect((await person.agent.get('/articles')).text).toContain(reason);

      // Verified again: nothing comes back by itself.
      const again = await submit(desk.agent, harbour.path, `/editor${harbour.path}/verify`, { note: 'Masthead checked again' });
      expect(again.status).toBe(303);
      expect((await v1(NORTH_BY_NAME)).body).toEqual({ verified: false, message: NO_VERIFIED_AUTHOR_MESSAGE });
      // A v2 lookup knows the outlet and its staff, and asks for the page to be attributed again; the worker proves the
      // journalist's lapsed listing of it anew.
      await expectUnverified(NORTH_BY_NAME, 'domain_verified_plus');
      await flush();
      expect(await worker()).toMatchObject({ attributed: 1, notAttributed: 0 });
      await expectVerified(NORTH_BY_NAME, person.slug);
      const proven = await claimAt(person.profileId, NORTH_BY_NAME);
      expect(proven.proof.state).toBe('proven');
      expect(proven.proof.evidence.map((each) => [each.attribution?.by, each.endedReason])).toEqual([
        ['name', reason],
        ['name', null],
      ]);
      expect(await articleEvents()).toEqual([`article.verified ${NORTH_BY_NAME}`]);
      // The other was not looked up again: it stays as it was left.
      await expectEnded(person.profileId, SOUTH_BY_NAME, reason);
    });

    it('the domain re-check lapses a domain: only the name-only attributions that domain covered end', async () => {
      const { person, start } = await attributedStaff();
      // NORTH's record is gone: a first failure, then, past the grace period, the lapse; SOUTH still holds.
      served!.dns.set(`_byline.${NORTH}`, null);
      const at = (days: number) => new Date(start.getTime() + days * DAY);
      const recheck = (now: Date) =>
        runDomainRecheck({
          publishers: portal.backend.publishers,
          queue: portal.backend.queue,
          sources: proofSources,
          policy: POLICY,
          holder: 'vouching-end-test',
          now: () => now,
        });
      expect(await recheck(at(2))).toMatchObject({ checked: 2, held: 1, failing: 1, lapsed: 0 });
      // Failing within its grace period, NORTH is still proven: nothing ended yet.
      await expectVerified(NORTH_BY_NAME, person.slug);
      expect(await recheck(at(6))).toMatchObject({ lapsed: 1 });

      const reason = `Credited by name only, on the vouching of ${PUBLISHER}: its proof of ${NORTH} lapsed on ${day(at(6))}.`;
      await expectUnverified(NORTH_BY_NAME, 'unverified');
      await expectEnded(person.profileId, NORTH_BY_NAME, reason);
      await expectVerified(SOUTH_BY_NAME, person.slug);
      await expectVerified(NORTH_BY_LINK, person.slug);
      expect(await vouchingHistory(person.profileId)).toEqual([
        { actor: DOMAIN_CHECK_ACTOR, note: `${NORTH_BY_NAME}: ${reason}` },
      ]);
      expect(await articleEvents()).toEqual([`article.deactivated ${NORTH_BY_NAME}`]);
    });

    it('the admin removes a domain: only the name-only attributions on it end', async () => {
      const { harbour, person } = await attributedStaff();
      const removePath = `${harbour.path}/domains/${SOUTH}/remove`;
      expect((await submit(harbour.agent, removePath, removePath, { confirm: 'remove' })).status).toBe(303);

      const reason = `Credited by name only, on the vouching of ${PUBLISHER}: ${SOUTH} was taken off the publisher on ${day(new Date())}.`;
      await expectUnverified(SOUTH_BY_NAME, 'unverified');
      await expectEnded(person.profileId, SOUTH_BY_NAME, reason);
      await expectVerified(NORTH_BY_NAME, person.slug);
      await expectVerified(NORTH_BY_LINK, person.slug);
      expect(await vouchingHistory(person.profileId)).toEqual([{ actor: harbour.email, note: `${SOUTH_BY_NAME}: ${reason}` }]);
      expect(await articleEvents()).toEqual([`article.deactivated ${SOUTH_BY_NAME}`]);
    });

    it('an affiliation ending while the worker proves an article: the worker ends the proof it wrote', async () => {
      // The affiliation ends just after the worker found it active and before it wrote its proof: the end's own
      // reading of the proofs came too early to see it (on either store), so the worker's second reading must.
      const ended = { email: 'admin-racing@example.org', done: false };
      const racing: Pick<Staff, 'ofPublisher' | 'findById'> = {
        ofPublisher: (publisherId) => portal.backend.staff.ofPublisher(publisherId),
        // The worker's first reading: the affiliation as it was, ended right after it was read.
        findById: async (id) => {
          const read = await portal.backend.staff.findById(id);
          if (read?.state === 'active' && !ended.done) {
            ended.done = true;
            expect(await portal.backend.staff.end(id, ended.email, 'Contract over', new Date())).toBe(true);
          }
          return read;
        },
      };
      const { person, summary } = await attributedStaff([NORTH_BY_NAME], { staff: racing });
      expect(summary).toMatchObject({ attributed: 0, notAttributed: 1 });

      const reason = `Credited by name only, on the vouching of ${PUBLISHER}: the affiliation ended on ${day(new Date())}.`;
      await expectUnverified(NORTH_BY_NAME, 'domain_verified');
      await expectEnded(person.profileId, NORTH_BY_NAME, reason);
      expect(await vouchingHistory(person.profileId)).toEqual([{ actor: ended.email, note: `${NORTH_BY_NAME}: ${reason}` }]);
      expect(await articleEvents()).toEqual([`article.deactivated ${NORTH_BY_NAME}`, `article.verified ${NORTH_BY_NAME}`]);
    });

    it('a domain removed while the worker proves an article on it: the worker ends the proof it wrote', async () => {
      // The worker reads the host's publisher four times: before the page, where the page landed, just before its
      // proof and just after. The admin removes NORTH right after the third reading (the proof not written yet).
      const removal = { calls: 0, publisherId: 0, actor: 'admin-racing@example.org' };
      const racing: Racing['publishers'] = {
        findById: (id) => portal.backend.publishers.findById(id),
        findDomain: (id, domain) => portal.backend.publishers.findDomain(id, domain),
        matchHost: async (host) => {
          const read = await portal.backend.publishers.matchHost(host);
          if (++removal.calls === 3) {
            expect(await portal.backend.publishers.removeDomain(read!.publisher.id, NORTH, removal.actor, new Date())).toBe(true);
          }
          return read;
        },
      };
      const { person, summary } = await attributedStaff([NORTH_BY_NAME], { publishers: racing });
      expect(summary).toMatchObject({ attributed: 0, notAttributed: 1 });
      expect(removal.calls).toBe(4);

      const reason = `Credited by name only, on the vouching of ${PUBLISHER}: ${NORTH} was taken off the publisher on ${day(new Date())}.`;
      await expectUnverified(NORTH_BY_NAME, 'unverified');
      await expectEnded(person.profileId, NORTH_BY_NAME, reason);
      // The worker found it ended: it names itself (the publisher's history names the admin who removed the domain).
      expect(await vouchingHistory(person.profileId)).toEqual([
        { actor: 'byline:attribution', note: `${NORTH_BY_NAME}: ${reason}` },
      ]);
      expect(await articleEvents()).toEqual([`article.deactivated ${NORTH_BY_NAME}`, `article.verified ${NORTH_BY_NAME}`]);
    });
  },
);

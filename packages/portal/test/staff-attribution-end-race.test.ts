import request from 'supertest';
import { ATTRIBUTION_TOPIC, NO_VERIFIED_AUTHOR_MESSAGE } from '@byline/shared';
import {
  BYLINE_BOT_USER_AGENT,
  createPageFetcher,
  outboundOf,
  robotsFetcherFrom,
  runAttribution,
  type PageFetcher,
  type RobotsFetcher,
} from '@byline/editorial';
import { bearer, quietLogger, startServedDomains, type ServedDomains } from '@byline/test-support';
import { createApp as articleVerifier } from '../../article-verifier/src/app';
import { journalist } from './support/editors';
import { portalStoreFactories, startPortal, submit, type Portal } from './support/portal-harness';
import { invitationOn, publisherOf } from './support/staff';

/**
 * The worker reads the affiliation (active) and then writes the proof; an end that lands between the two finds no
 * attribution to release yet. The attribution written afterwards must not count: the publisher no longer vouches.
 */

const OUTLET = 'vouching-race.test';
const BY_NAME = `https://${OUTLET}/2031/late-vote`;
const NAME = 'Aoife Brennan'; // the profile form's name (support/portal-harness.ts)

const page =
  '<!doctype html><html><head><title>Late vote</title>' +
  `<script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: 'Late vote',
    author: { '@type': 'Person', name: NAME },
  })}</script></head><body></body></html>`;

describe.each(portalStoreFactories())('an affiliation ending while the worker attributes by name ($name store)', (factory) => {
  let served: ServedDomains | undefined;
  let fetchPage: PageFetcher;
  let fetchRobots: RobotsFetcher;
  let portal: Portal;

  beforeAll(async () => {
    served = await startServedDomains(
      (req, res) => {
        if (req.url !== '/2031/late-vote') return void res.writeHead(404).end();
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
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

  /** A verified outlet proving OUTLET, a verified journalist on its staff, and the page queued for attribution. */
  async function staffAndQueuedPage() {
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
    await portal.backend.queue.enqueue({
      topic: ATTRIBUTION_TOPIC,
      key: BY_NAME,
      payload: { url: BY_NAME, publisherId: harbour.publisher.id },
      dueAt: new Date(Date.now() - 1000),
    });
    return { harbour, person, affiliationId };
  }

  const attribute = (staff: Parameters<typeof runAttribution>[0]['staff']) =>
    runAttribution({
      queue: portal.backend.queue,
      publishers: portal.backend.publishers,
      staff,
      sources: portal.backend,
      fetchPage,
      fetchRobots,
      portalUrl: 'https://portal.byline.test',
      holder: 'race-test',
      hostIntervalMs: 0,
    });

  const v1 = async (url: string) =>
    request(articleVerifier({ store: portal.store, logger: quietLogger(), authCacheTtlMs: 0 }))
      .post('/api/verify_article')
      .query({ url })
      .set('Authorization', await bearer(portal.store));

  it('does not leave a name-only attribution counting on an affiliation that ended before the proof was written', async () => {
    const { harbour, affiliationId } = await staffAndQueuedPage();
    const { staff } = portal.backend;
    // The publisher ends the affiliation just after the worker's last look at it.
    let ended = false;
    const racingStaff = {
      ofPublisher: (id: number) => staff.ofPublisher(id),
      findById: async (id: number) => {
        const found = await staff.findById(id);
        if (!ended && found?.state === 'active') {
          ended = true;
          expect(await staff.end(id, harbour.email, 'Contract over', new Date())).toBe(true);
        }
        return found;
      },
    };
    await attribute(racingStaff);
    expect(ended).toBe(true);
    expect((await staff.findById(affiliationId))?.state).toBe('ended');
    expect((await v1(BY_NAME)).body).toEqual({ verified: false, message: NO_VERIFIED_AUTHOR_MESSAGE });
  });

  // PRODUCT.md has a name count only when "the page's verified publisher vouches for" the journalist.
  it('does not keep a name-only attribution counting once its publisher is no longer verified', async () => {
    const { harbour } = await staffAndQueuedPage();
    expect(await attribute(portal.backend.staff)).toMatchObject({ attributed: 1 });
    expect((await v1(BY_NAME)).body).toMatchObject({ verified: true });
    const { publishers } = portal.backend;
    expect(await publishers.setVerified(harbour.publisher.id, false, 'ed@example.org', 'Masthead gone', new Date())).toBe(true);
    expect((await v1(BY_NAME)).body).toEqual({ verified: false, message: NO_VERIFIED_AUTHOR_MESSAGE });
  });

  // The end of a publisher's vouching writes the publisher admin's address in the history: the download names the part
  // they played, not an editor's, and not their address.
  it('does not call the publisher admin who ended the affiliation "an editor" in the journalist’s download', async () => {
    const { harbour, person, affiliationId } = await staffAndQueuedPage();
    expect(await attribute(portal.backend.staff)).toMatchObject({ attributed: 1 });
    const endPath = `${harbour.path}/staff/${affiliationId}/end`;
    expect((await submit(harbour.agent, endPath, endPath, { confirm: 'end', reason: 'Contract over' })).status).toBe(303);
    const data = JSON.parse((await person.agent.get('/account/data.json')).text) as {
      history: { action: string; actor: string }[];
    };
    const [ended] = data.history.filter((entry) => entry.action === 'article-vouching-ended');
    expect(ended).toBeDefined();
    expect(ended!.actor).not.toContain(harbour.email);
    expect(ended!.actor).toBe('an admin of The Harbour Times');
  });
});

import request from 'supertest';
import { domainProofSourcesOf } from '@byline/editorial/publisher-domains/domain-proof-sources';
import { recheckPolicyOf } from '@byline/editorial/proofs/recheck';
import {
  quietLogger,
  REDIS_URL,
  redisAnswers,
  startServedDomains,
  uniquePrefix,
  type ServedDomains,
  type StoreFactory,
  type TestDnsServer,
} from '@byline/test-support';
import { createApp } from '../src/app';
import type { PortalDeps } from '../src/deps';
import { DomainCheckThrottle } from '../src/throttles/domain-check-throttle';
import { createPortalCounters } from '../src/throttles/portal-counters';
import { portalStoreFactories, signedUp, startPortal, submit, type Agent, type Portal } from './support/portal-harness';
import { createdPublisher, freshDomain } from './support/publishers';

/**
 * "Check now" makes the portal query DNS and fetch the domain's well-known file: it is throttled per publisher's
 * domain (once per 30 s) and per person (5 a minute), counted in memory or in Redis as the sign-in throttle is. The domain's site is a
 * real https server on loopback and its name is answered by a real DNS server (DNS_SERVERS): every request either
 * gets is counted, so a refused check is seen to fetch nothing.
 */

const OUTLET = 'throttled-ledger.test';
const describeWithRedis = redisAnswers() ? describe : describe.skip;

describe.each(portalStoreFactories())('“Check now” throttle ($name store)', (factory: StoreFactory) => {
  let served: ServedDomains;
  let dns: TestDnsServer;
  /** What the site was asked, as `host path`. */
  const fetched: string[] = [];
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    served = await startServedDomains(
      (req, res) => {
        fetched.push(`${req.headers.host ?? ''} ${req.url}`);
        res.writeHead(404).end();
      },
      { hostnames: [OUTLET] },
    );
    dns = served.dns;
  });
  afterAll(() => served.close());
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const config = () => served.config();

  async function started(overrides: Partial<PortalDeps> = {}): Promise<Portal> {
    const portal = await startPortal(factory, {
      domainProofSources: domainProofSourcesOf(config()),
      recheckPolicy: recheckPolicyOf(config()),
      ...overrides,
    });
    cleanups.push(() => portal.close());
    return portal;
  }

  /** An admin whose publisher lists `domain`, and its page's path. */
  async function adminOf(portal: Portal, domain: string) {
    const admin = await signedUp(portal.app);
    const path = await createdPublisher(admin.agent, `Ledger ${freshDomain('name')}`);
    expect((await submit(admin.agent, path, `${path}/domains`, { domain })).status).toBe(303);
    return { ...admin, path };
  }

  /** What the domain's check asked of the DNS server and the site so far. */
  const requestsFor = (domain: string) => [
    ...dns.queries.filter((query) => query.startsWith(`_byline.${domain} `) || query.startsWith(`${domain} `)),
    ...fetched.filter((line) => line.startsWith(domain)),
  ];

  const check = (agent: Agent, path: string, domain: string) => submit(agent, path, `${path}/domains/${domain}/check`, {});

  function expectRefused(res: request.Response, pattern: RegExp) {
    expect(res.status).toBe(429);
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(res.text).toMatch(pattern);
    expect(res.text).toContain(`try again in ${wait === 1 ? '1 second' : `${wait} seconds`}`);
    return wait;
  }

  it('refuses a second immediate check of a domain (429, when to try again) and fetches nothing for it', async () => {
    const portal = await started();
    const { agent, path } = await adminOf(portal, OUTLET);
    const first = await check(agent, path, OUTLET);
    expect(first.status).toBe(303);
    const asked = requestsFor(OUTLET);
    expect(asked).toEqual(expect.arrayContaining([`_byline.${OUTLET} TXT`, `${OUTLET} /.well-known/byline-verification.txt`]));

    const again = await check(agent, path, OUTLET);
    const wait = expectRefused(
      again,
      new RegExp(`${OUTLET.replace(/\./g, '\\.')} was checked moments ago, so it was not checked again`),
    );
    expect(wait).toBeLessThanOrEqual(30);
    // The page is the publisher's, with its notice as an alert.
    expect(again.text).toContain(`data-domain="${OUTLET}"`);
    expect(again.text).toMatch(/<p class="form-error" role="alert">[^<]*was checked moments ago/);
    expect(requestsFor(OUTLET)).toEqual(asked);

    // Another domain is checked at once.
    const second = freshDomain('other');
    await submit(agent, path, `${path}/domains`, { domain: second });
    expect((await check(agent, path, second)).status).toBe(303);
    expect(dns.queries).toContain(`_byline.${second} TXT`);
  });

  it('lets one person ask for five checks a minute, then refuses the sixth (429) without a lookup', async () => {
    const portal = await started();
    const admin = await signedUp(portal.app);
    const path = await createdPublisher(admin.agent, `Busy ${freshDomain('name')}`);
    const domains = Array.from({ length: 6 }, () => freshDomain('busy'));
    for (const domain of domains) await submit(admin.agent, path, `${path}/domains`, { domain });
    for (const domain of domains.slice(0, 5)) expect((await check(admin.agent, path, domain)).status).toBe(303);
    const sixth = domains[5]!;
    expectRefused(
      await check(admin.agent, path, sixth),
      new RegExp(`You have asked for many checks in the last minute, so ${sixth.replace(/\./g, '\\.')} was not checked`),
    );
    expect(requestsFor(sixth)).toEqual([]);
    // Someone else's checks are their own.
    const calm = freshDomain('calm');
    const other = await adminOf(portal, calm);
    expect((await check(other.agent, other.path, calm)).status).toBe(303);
  });

  describeWithRedis('with Redis', () => {
    it('two portal instances on one Redis refuse a domain checked on the other', async () => {
      const keyPrefix = uniquePrefix();
      const throttleOn = async () => {
        const { counters, close } = await createPortalCounters({ logger: quietLogger(), redisUrl: REDIS_URL, keyPrefix });
        cleanups.push(close);
        return new DomainCheckThrottle({ counters });
      };
      const portal = await started({ domainCheckThrottle: await throttleOn() });
      const domain = freshDomain('shared');
      const { agent, path, email, password } = await adminOf(portal, domain);
      // The second instance on the same store: the same admin signs in there.
      const secondApp = createApp({
        store: portal.store,
        logger: quietLogger(),
        domainProofSources: domainProofSourcesOf(config()),
        domainCheckThrottle: await throttleOn(),
      });
      const there = request.agent(secondApp);
      expect((await submit(there, '/signin', '/signin', { email, password })).status).toBe(303);

      expect((await check(agent, path, domain)).status).toBe(303);
      const asked = requestsFor(domain);
      expect(asked).toContain(`_byline.${domain} TXT`);
      expectRefused(await check(there, path, domain), /was checked moments ago, so it was not checked again/);
      expect(requestsFor(domain)).toEqual(asked);
    });
  });
});

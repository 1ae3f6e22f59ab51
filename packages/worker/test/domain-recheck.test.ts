import type { Store } from '@byline/domain/store/store';
import { DOMAIN_CHECK_TOPIC } from '@byline/domain/queue/topics';
import { repositoriesOf, type StoreRepositories } from '@byline/shared/store';
import { checkPublisherDomain, domainCheckKeyOf } from '@byline/editorial/publisher-domains/check-publisher-domain';
import { domainProofSourcesOf } from '@byline/editorial/publisher-domains/domain-proof-sources';
import { proofValueOf } from '@byline/editorial/publisher-domains/domain-token';
import { type DomainProofSources } from '@byline/editorial/publisher-domains/check-domain-proof';
import { trustTxtSourcesOf } from '@byline/editorial/trust-txt/trust-txt-sources';
import { type TrustTxtSources } from '@byline/editorial/trust-txt/read-trust-txt';
import { type DomainRecheckSummary } from '@byline/editorial/publisher-domains/domain-rechecks';
import { DOMAIN_CHECK_ACTOR } from '@byline/domain/publishers/publishers-repository';
import {
  capturingLogger,
  startServedDomains,
  storeFactories,
  type HttpsSite,
  type ServedDomains,
  type TestDnsServer,
} from '@byline/test-support';
import { startRecheckLoop, type RecheckLoop } from '../src/recheck-loop';
import { LoopRuns } from './loop-runs';
import { DAY, HOUR, PORTAL, recheckSourcesOf } from './rel-me-fixtures';

/**
 * The worker's loop in-process, on each store, re-checking publishers' proven domains after the rel="me" and article
 * checks: TXT records a real DNS server on loopback answers (DNS_SERVERS, its zone changed as a publisher would
 * change theirs), and a well-known file a real https server on port 443 of a loopback address serves under a
 * made-up name (OUTBOUND_CA_FILE trusts its test CA). The sources are built from the configuration as main.ts builds
 * them. The clock handed to the loop is moved to pass the interval and the grace period without waiting.
 */

const POLICY = { intervalMs: DAY, graceMs: 3 * DAY, retryMs: 6 * HOUR };
const HELD = 'held.byline.test';
const LOSING = 'losing.byline.test';
const FILE = 'file.byline.test';
const TOKENS = { [HELD]: 'held-token', [LOSING]: 'losing-token', [FILE]: 'file-token' };

describe.each(storeFactories())('the worker re-checks publishers’ proven domains ($name store)', (factory) => {
  let served: ServedDomains;
  let site: HttpsSite;
  let dns: TestDnsServer;
  let sources: DomainProofSources;
  let trust: TrustTxtSources;
  let store: Store;
  let repositories: StoreRepositories;
  let loop: RecheckLoop | undefined;
  let clock: number;
  let runs: LoopRuns;

  beforeAll(async () => {
    served = await startServedDomains(
      (req, res) =>
        req.headers.host !== FILE
          ? res.writeHead(404).end()
          : req.url === '/.well-known/byline-verification.txt'
            ? res.writeHead(200, { 'Content-Type': 'text/plain' }).end(`${proofValueOf(TOKENS[FILE])}\n`)
            : req.url === '/trust.txt'
              ? res.writeHead(200, { 'Content-Type': 'text/plain' }).end('social=https://x.com/file\n')
              : res.writeHead(404).end(),
      // FILE is named by the DNS server in beforeEach, with the publishers' TXT records.
      { hostnames: [FILE], resolved: [] },
    );
    ({ site, dns } = served);
    const config = served.config();
    sources = domainProofSourcesOf(config);
    trust = trustTxtSourcesOf(config);
  });
  afterAll(async () => {
    await served.close();
  });

  beforeEach(async () => {
    // The zone as the publishers set it up: each token in place.
    dns.set(`_byline.${HELD}`, { txt: [proofValueOf(TOKENS[HELD])] });
    dns.set(`_byline.${LOSING}`, { txt: [proofValueOf(TOKENS[LOSING])] });
    dns.set(FILE, { addresses: [site.address] });
    store = await factory.create();
    repositories = repositoriesOf(store);
    clock = Date.now() + 60_000;
    runs = new LoopRuns();
  });
  afterEach(async () => {
    await loop?.stop();
    loop = undefined;
    await store.close();
  });

  /** A publisher with the domain, proven now by the portal's check (which queues its re-check). */
  async function provenDomain(domain: keyof typeof TOKENS) {
    const publisher = await repositories.publishers.create(
      { slug: domain.split('.')[0]!, name: domain },
      'admin',
      new Date(clock),
    );
    await repositories.publisherDomains.addDomain(publisher!.id, domain, TOKENS[domain], 'admin', new Date(clock));
    const found = await checkPublisherDomain(
      { publisherDomains: repositories.publisherDomains, queue: repositories.queue },
      { publisherId: publisher!.id, domain },
      { sources, schedule: POLICY, actor: 'admin', now: new Date(clock) },
    );
    expect(found).toMatchObject({ outcome: 'proven' });
    return {
      id: publisher!.id,
      state: async () => (await repositories.publisherDomains.findDomain(publisher!.id, domain))?.state,
      history: async () =>
        (await repositories.publisherHistory.historyOf(publisher!.id)).map(({ action, actor }) => ({ action, actor })),
      queued: () => repositories.queue.find(DOMAIN_CHECK_TOPIC, domainCheckKeyOf(publisher!.id, domain)),
    };
  }

  function start(logger = capturingLogger().logger) {
    loop = startRecheckLoop({
      ...recheckSourcesOf(repositories),
      domains: {
        publisherDomains: repositories.publisherDomains,
        publisherHistory: repositories.publisherHistory,
        queue: repositories.queue,
        sources,
        trust,
      },
      portalUrl: PORTAL,
      policy: POLICY,
      holder: 'worker-test',
      now: () => new Date(clock),
      pollIntervalMs: 20,
      logger,
      onRun: runs.record,
    });
  }

  /** Waits for the first run from now on whose domain checks checked something. */
  const nextDomainRun = (): Promise<DomainRecheckSummary> =>
    runs.first('no run checked a domain', (run) => ((run.domains?.checked ?? 0) > 0 ? run.domains : undefined), {
      rethrow: true,
    });

  it('re-checks due domains on every tick: a record that stays holds, a removed one fails, then lapses past the grace period', async () => {
    const held = await provenDomain(HELD);
    const losing = await provenDomain(LOSING);
    const file = await provenDomain(FILE);
    const { logger, output } = capturingLogger();
    start(logger);

    // Not due yet: ticks come, nothing is checked.
    expect((await runs.atLeast(3)).every((run) => run.domains?.checked === 0)).toBe(true);

    // The publisher of LOSING takes its record down; a day on, every domain is due.
    dns.set(`_byline.${LOSING}`, null);
    const failedAt = clock + POLICY.intervalMs;
    clock = failedAt;
    expect(await nextDomainRun()).toEqual({ checked: 3, held: 2, failing: 1, lapsed: 0 });
    expect(await held.state()).toBe('proven');
    expect(await file.state()).toBe('proven');
    // Still proven inside the grace period, its failure recorded once, its retry queued.
    expect(await losing.state()).toBe('proven');
    expect(await repositories.publisherDomains.findDomain(losing.id, LOSING)).toMatchObject({
      failingSince: new Date(failedAt).toISOString(),
      lastFailure: expect.stringContaining(`The TXT record _byline.${LOSING} was not found`),
    });
    expect((await losing.history())[0]).toEqual({ action: 'domain-failing', actor: DOMAIN_CHECK_ACTOR });
    expect(await losing.queued()).toMatchObject({ dueAt: new Date(failedAt + POLICY.retryMs).toISOString() });
    expect(await held.queued()).toMatchObject({ dueAt: new Date(failedAt + POLICY.intervalMs).toISOString() });
    expect((await held.history()).map((entry) => entry.action)).toEqual(['domain-proven', 'domain-added', 'created']);
    // Each checked publisher's trust.txt was read again: FILE's site serves one (see beforeAll), the others have none.
    expect((await repositories.publishers.findById(file.id))?.trust).toMatchObject({
      domain: FILE,
      url: `https://${FILE}/trust.txt`,
      social: ['https://x.com/file'],
      failure: null,
    });
    expect((await repositories.publishers.findById(held.id))?.trust).toMatchObject({ domain: HELD, url: null });

    // Past the grace period: LOSING lapses and its item is done; the others, due again, hold.
    clock = failedAt + POLICY.graceMs;
    expect(await nextDomainRun()).toEqual({ checked: 3, held: 2, failing: 0, lapsed: 1 });
    expect(await losing.state()).toBe('lapsed');
    expect((await losing.history()).slice(0, 2)).toEqual([
      { action: 'domain-lapsed', actor: DOMAIN_CHECK_ACTOR },
      { action: 'domain-failing', actor: DOMAIN_CHECK_ACTOR },
    ]);
    expect(await losing.queued()).toBeNull();
    expect(await held.state()).toBe('proven');
    expect(await file.state()).toBe('proven');
    expect(await file.queued()).toMatchObject({ dueAt: new Date(clock + POLICY.intervalMs).toISOString() });

    // Nothing left to check for the lapsed domain, ever.
    clock += POLICY.intervalMs;
    expect(await nextDomainRun()).toEqual({ checked: 2, held: 2, failing: 0, lapsed: 0 });
    expect(await losing.queued()).toBeNull();

    const lines = output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.filter((line) => line.message === 'domain check run finished' && line.level === 'info')).toEqual([
      expect.objectContaining({ checked: 3, held: 2, failing: 1, lapsed: 0 }),
      expect.objectContaining({ checked: 3, held: 2, failing: 0, lapsed: 1 }),
      expect.objectContaining({ checked: 2, held: 2, failing: 0, lapsed: 0 }),
    ]);
  });

  it('a record put back inside the grace period clears the failure', async () => {
    const domain = await provenDomain(LOSING);
    start();
    dns.set(`_byline.${LOSING}`, null);
    const failedAt = clock + POLICY.intervalMs;
    clock = failedAt;
    expect(await nextDomainRun()).toMatchObject({ checked: 1, failing: 1 });

    dns.set(`_byline.${LOSING}`, { txt: [proofValueOf(TOKENS[LOSING])] });
    clock = failedAt + POLICY.retryMs;
    expect(await nextDomainRun()).toEqual({ checked: 1, held: 1, failing: 0, lapsed: 0 });
    expect(await repositories.publisherDomains.findDomain(domain.id, LOSING)).toMatchObject({
      state: 'proven',
      failingSince: null,
    });
    expect(await domain.queued()).toMatchObject({ dueAt: new Date(clock + POLICY.intervalMs).toISOString() });
  });
});

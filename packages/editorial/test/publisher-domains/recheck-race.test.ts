import { loadConfig } from '@byline/domain/config/config';
import { DOMAIN_CHECK_TOPIC } from '@byline/domain/queue/topics';
import { type DomainCheck, type EventEntry } from '@byline/domain/publishers/publishers-repository';
import { type PublisherDomains } from '@byline/domain/publishers/publisher-domains-repository';
import { checkPublisherDomain, domainCheckKeyOf } from '@byline/editorial/publisher-domains/check-publisher-domain';
import { domainProofSourcesOf } from '@byline/editorial/publisher-domains/domain-proof-sources';
import { proofValueOf } from '@byline/editorial/publisher-domains/domain-token';
import { runDomainRecheck } from '@byline/editorial/publisher-domains/domain-rechecks';
import { type DomainProofSources } from '@byline/editorial/publisher-domains/check-domain-proof';
import { freshRepositoriesPerTest, startDnsServer, storeFactories, type TestDnsServer } from '@byline/test-support';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const POLICY = { intervalMs: DAY, graceMs: 3 * DAY, retryMs: 6 * HOUR };
const DOMAIN = 'race.byline.test';
const RECORD = `_byline.${DOMAIN}`;

/**
 * The worker lapses a domain while its admin proves it again ("Check now" between the worker's record and its
 * settle, whose own queuing the worker's lease refuses): the domain stays proven, so it must stay on the re-check
 * schedule rather than be left proven with nothing to check it ever again.
 */
describe.each(storeFactories())('a domain proven again while the worker lapses it ($name store)', (factory) => {
  const repositories = freshRepositoriesPerTest(factory);
  let dns: TestDnsServer;
  let sources: DomainProofSources;

  beforeAll(async () => {
    dns = await startDnsServer({});
    sources = domainProofSourcesOf(loadConfig({ DNS_SERVERS: dns.server }));
  });
  afterAll(() => dns.close());

  it('is due again after the interval, not taken off the queue', async () => {
    const { publishers, queue, publisherDomains, publisherHistory } = repositories();
    const start = new Date('2030-01-01T00:00:00.000Z');
    const { id } = (await publishers.create({ slug: 'race', name: 'Race' }, 'admin', start))!;
    await publisherDomains.addDomain(id, DOMAIN, 'tok', 'admin', start);
    dns.set(RECORD, { txt: [proofValueOf('tok')] });
    const at = (days: number) => new Date(start.getTime() + days * DAY);
    expect(
      await checkPublisherDomain(
        { publisherDomains, queue },
        { publisherId: id, domain: DOMAIN },
        {
          sources,
          schedule: POLICY,
          actor: 'admin',
          now: start,
        },
      ),
    ).toMatchObject({ outcome: 'proven' });

    // The record is gone for longer than the grace period: a first failure, then the lapse.
    dns.set(RECORD, null);
    const run = (now: Date, repository: PublisherDomains = publisherDomains) =>
      runDomainRecheck({
        publisherDomains: repository,
        publisherHistory,
        queue,
        sources,
        policy: POLICY,
        holder: 'worker',
        now: () => now,
      });
    expect(await run(at(1))).toMatchObject({ failing: 1 });
    // The admin puts the record back and presses Check now just after the worker recorded the lapse.
    const racing = new Proxy(publisherDomains, {
      get(target, name, receiver) {
        if (name !== 'recordCheck') return Reflect.get(target, name, receiver);
        return async (publisherId: number, domain: string, check: DomainCheck, event: EventEntry | null) => {
          const recorded = await target.recordCheck(publisherId, domain, check, event);
          if (check.outcome === 'lapsed') {
            dns.set(RECORD, { txt: [proofValueOf('tok')] });
            const again = await checkPublisherDomain(
              { publisherDomains: target, queue },
              { publisherId, domain },
              {
                sources,
                schedule: POLICY,
                actor: 'admin',
                now: at(5),
              },
            );
            expect(again).toMatchObject({ outcome: 'proven' });
          }
          return recorded;
        };
      },
    });
    expect(await run(at(5), racing)).toMatchObject({ lapsed: 1 });

    expect(await publisherDomains.findDomain(id, DOMAIN)).toMatchObject({ state: 'proven' });
    expect(await queue.find(DOMAIN_CHECK_TOPIC, domainCheckKeyOf(id, DOMAIN))).toMatchObject({
      dueAt: new Date(at(5).getTime() + POLICY.intervalMs).toISOString(),
      holder: null,
    });
  });
});

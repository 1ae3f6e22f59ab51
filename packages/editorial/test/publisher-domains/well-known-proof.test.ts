import { DOMAIN_CHECK_TOPIC } from '@byline/domain/queue/topics';
import { checkPublisherDomain, domainCheckKeyOf } from '@byline/editorial/publisher-domains/check-publisher-domain';
import { domainProofSourcesOf } from '@byline/editorial/publisher-domains/domain-proof-sources';
import { proofValueOf, wellKnownUrlOf } from '@byline/editorial/publisher-domains/domain-token';
import { type DomainProofSources } from '@byline/editorial/publisher-domains/check-domain-proof';
import { freshRepositoriesPerTest, startServedDomains, storeFactories, type ServedDomains } from '@byline/test-support';

/**
 * A publisher's domain proven the two ways a publisher may show its token, through what the configuration builds
 * (domainProofSourcesOf): a well-known file served over https by a real server on port 443 of a loopback address,
 * whose certificate the test CA signed (OUTBOUND_CA_FILE), and a TXT record a real DNS server on loopback answers
 * (DNS_SERVERS). Both names are made up under byline.test, which no other resolver answers.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const POLICY = { intervalMs: DAY, graceMs: 3 * DAY, retryMs: 6 * HOUR };
const ACTOR = 'admin@example.org';

const FILE_HOST = 'outlet.byline.test';
const WRONG_HOST = 'wrong.byline.test';
const TXT_HOST = 'txt.byline.test';

describe.each(storeFactories())('publisher domain proofs over https and DNS ($name store)', (factory) => {
  const repositories = freshRepositoriesPerTest(factory);
  let served: ServedDomains;
  let sources: DomainProofSources;
  /** What the site serves at /.well-known/byline-verification.txt, by host name. */
  const files = new Map<string, string>();
  /** The token the TXT record of TXT_HOST holds. */
  const txtToken = `txt-${Date.now().toString(36)}`;
  const T0 = new Date('2030-01-01T00:00:00.000Z');

  beforeAll(async () => {
    served = await startServedDomains(
      (req, res) => {
        const body = req.url === '/.well-known/byline-verification.txt' && files.get(String(req.headers.host));
        if (body === undefined || body === false) return void res.writeHead(404).end();
        res.writeHead(200, { 'Content-Type': 'text/plain' }).end(body);
      },
      { hostnames: [FILE_HOST, WRONG_HOST, TXT_HOST], zone: { [`_byline.${TXT_HOST}`]: { txt: [proofValueOf(txtToken)] } } },
    );
    sources = domainProofSourcesOf(served.config());
  });
  afterAll(async () => {
    await served.close();
  });

  async function publisherWithDomain(domain: string, token: string) {
    const { publishers, publisherDomains } = repositories();
    const publisher = await publishers.create({ slug: 'harbour-times', name: 'The Harbour Times' }, ACTOR, T0);
    await publisherDomains.addDomain(publisher!.id, domain, token, ACTOR, T0);
    return publisher!.id;
  }

  const check = (publisherId: number, domain: string) =>
    checkPublisherDomain(
      { publisherDomains: repositories().publisherDomains, queue: repositories().queue },
      { publisherId, domain },
      { sources, schedule: POLICY, actor: ACTOR, now: T0 },
    );

  it('proves a domain by its well-known file, served over https with a certificate the operator’s CA signed', async () => {
    const token = 'well-known-token-1';
    files.set(FILE_HOST, `${proofValueOf(token)}\n`);
    const publisherId = await publisherWithDomain(FILE_HOST, token);

    expect(await check(publisherId, FILE_HOST)).toEqual({ outcome: 'proven', method: 'well-known', firstProof: true });
    expect(await repositories().publisherDomains.findDomain(publisherId, FILE_HOST)).toMatchObject({
      state: 'proven',
      method: 'well-known',
      provenAt: T0.toISOString(),
      failingSince: null,
    });
    expect((await repositories().publisherHistory.historyOf(publisherId))[0]).toMatchObject({
      action: 'domain-proven',
      note: `${FILE_HOST} (well-known file)`,
    });
    // Its re-check is queued for the worker, RECHECK_INTERVAL on.
    expect(await repositories().queue.find(DOMAIN_CHECK_TOPIC, domainCheckKeyOf(publisherId, FILE_HOST))).toMatchObject({
      dueAt: new Date(T0.getTime() + POLICY.intervalMs).toISOString(),
    });
  });

  it('refuses a well-known file with another token: the failure names the https address', async () => {
    files.set(WRONG_HOST, proofValueOf('somebody-elses-token'));
    const publisherId = await publisherWithDomain(WRONG_HOST, 'the-right-token');

    const found = await check(publisherId, WRONG_HOST);
    expect(found).toEqual({ outcome: 'failing', failure: expect.any(String), wasProven: false });
    const { failure } = found as { failure: string };
    expect(failure).toContain(`${wellKnownUrlOf(WRONG_HOST)} does not hold the token`);
    expect(failure).toContain(`https://${WRONG_HOST}/.well-known/byline-verification.txt`);
    expect(await repositories().publisherDomains.findDomain(publisherId, WRONG_HOST)).toMatchObject({
      state: 'pending',
      lastFailure: failure,
    });
    expect(await repositories().queue.find(DOMAIN_CHECK_TOPIC, domainCheckKeyOf(publisherId, WRONG_HOST))).toBeNull();
  });

  it('proves a domain by its TXT record, answered by the configured DNS server', async () => {
    files.delete(TXT_HOST);
    const publisherId = await publisherWithDomain(TXT_HOST, txtToken);

    expect(await check(publisherId, TXT_HOST)).toEqual({ outcome: 'proven', method: 'dns-txt', firstProof: true });
    expect(await repositories().publisherDomains.findDomain(publisherId, TXT_HOST)).toMatchObject({
      state: 'proven',
      method: 'dns-txt',
    });
    expect(served.dns.queries).toContain(`_byline.${TXT_HOST} TXT`);
    expect((await repositories().publisherHistory.historyOf(publisherId))[0]).toMatchObject({
      action: 'domain-proven',
      note: `${TXT_HOST} (DNS TXT record)`,
    });
  });
});

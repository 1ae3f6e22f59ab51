import { repositoriesOf } from '@byline/shared/store';
import { refreshPublisherTrust } from '@byline/editorial/trust-txt/refresh-publisher-trust';
import { trustTxtSourcesOf } from '@byline/editorial/trust-txt/trust-txt-sources';
import {
  checkedRequest as request,
  serviceFixture,
  startServedDomains,
  storeFactories,
  type ServedDomains,
} from '@byline/test-support';
import { createApp } from '../src/app';

const OUTLET = 'outlet.byline.test';
const ASSOCIATION = 'press-association.byline.test';
const SILENT = 'silent.byline.test';

/** Each site's trust.txt, served over https as the worker reads them (a real server, the test CA trusted). */
const FILES: Record<string, string> = {
  [OUTLET]: `# The Outlet\nbelongto=https://${ASSOCIATION}/\nbelongto=https://${SILENT}/\nsocial=https://x.com/outlet\n`,
  [ASSOCIATION]: `member=https://www.${OUTLET}/\n`,
  [SILENT]: `contact=mailto:desk@${SILENT}\n`,
};

/**
 * v2's domain_info names a publisher's trust.txt memberships only when the other side confirms them: the files are
 * read by the worker's rule (refreshPublisherTrust, as after a domain's re-check) from real https sites on loopback.
 */
describe.each(storeFactories())('verify_article v2: trust.txt associations ($name store)', (factory) => {
  const service = serviceFixture(factory, createApp);
  let served: ServedDomains;

  beforeAll(async () => {
    served = await startServedDomains(
      (req, res) => {
        const body = req.url === '/trust.txt' ? FILES[(req.headers.host ?? '').replace(/^www\./, '')] : undefined;
        if (body === undefined) res.writeHead(404).end();
        else res.writeHead(200, { 'Content-Type': 'text/plain' }).end(body);
      },
      { hostnames: [OUTLET, ASSOCIATION, SILENT] },
    );
  });
  afterAll(async () => {
    await served.close();
  });

  it('lists the confirmed membership and not the one the other side does not declare', async () => {
    const repositories = repositoriesOf(service.store);
    const { publishers, publisherDomains } = repositories;
    const outlet = (await publishers.create({ slug: 'the-outlet', name: 'The Outlet' }, 'admin@example.org', new Date()))!;
    await publisherDomains.addDomain(outlet.id, OUTLET, 'token', 'admin@example.org', new Date());
    const at = '2030-01-01T00:00:00.000Z';
    await publisherDomains.recordCheck(outlet.id, OUTLET, { outcome: 'proven', method: 'well-known', at }, null);
    await publishers.setVerified(outlet.id, true, 'ed@example.org', 'Checked', new Date());
    const config = served.config();
    await refreshPublisherTrust(repositories, outlet.id, { sources: trustTxtSourcesOf(config), now: new Date() });

    const stored = (await publishers.findById(outlet.id))!.trust!;
    expect(stored.relations.map(({ kind, domain, confirmed }) => ({ kind, domain, confirmed }))).toEqual([
      { kind: 'belongto', domain: ASSOCIATION, confirmed: true },
      { kind: 'belongto', domain: SILENT, confirmed: false },
    ]);
    const res = await request(service.app)
      .post('/api/v2/verify_article')
      .query({ url: `https://${OUTLET}/news/unknown` })
      .set('Authorization', service.authorization);
    expect(res.status).toBe(200);
    expect(res.body.domain_info).toEqual({
      publisher_name: 'The Outlet',
      publisher_slug: 'the-outlet',
      publisher_logo: null,
      domain: OUTLET,
      method: 'uri_file_verification',
      proven_at: at,
      associations: [{ domain: ASSOCIATION, relation: 'belongto' }],
    });
  });
});

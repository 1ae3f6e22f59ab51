import { removePublisherDomain } from '@byline/editorial/publisher-domains/remove-publisher-domain';
import type { TrustSummary } from '@byline/domain/publishers/trust-summary';
import { declaringNothing, freshRepositoriesPerTest, storeFactories } from '@byline/test-support';

const summaryOf = (domain: string): TrustSummary => ({
  domain,
  readAt: '2030-01-01T00:00:00.000Z',
  url: `https://${domain}/trust.txt`,
  ...declaringNothing(),
  relations: [{ kind: 'belongto', domain: 'press.example', confirmed: true, reason: null }],
  failure: null,
});

/** What a file on a domain the publisher no longer holds says must not speak for it (v2's associations). */
describe.each(storeFactories())('removing a publisher’s domain ($name store)', (factory) => {
  const freshRepositories = freshRepositoriesPerTest(factory);

  it('forgets the trust.txt summary read from that domain, and keeps one read from another', async () => {
    const repositories = freshRepositories();
    const { publishers, publisherDomains, publisherHistory } = repositories;
    const now = new Date('2030-01-02T00:00:00.000Z');
    const { id } = (await publishers.create({ slug: 'two-sites', name: 'Two Sites' }, 'admin', now))!;
    for (const domain of ['a.example', 'b.example']) await publisherDomains.addDomain(id, domain, 'tok', 'admin', now);
    await publisherHistory.setTrust(id, summaryOf('b.example'), now);

    expect(await removePublisherDomain(repositories, id, 'a.example', 'admin', now)).toBe(true);
    expect((await publishers.findById(id))?.trust?.domain).toBe('b.example');
    expect(await removePublisherDomain(repositories, id, 'b.example', 'admin', now)).toBe(true);
    expect((await publishers.findById(id))?.trust).toBeNull();
    expect(await removePublisherDomain(repositories, id, 'b.example', 'admin', now)).toBe(false);
  });
});

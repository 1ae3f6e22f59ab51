import { freshRepositoriesPerTest, storeFactories } from '@byline/test-support';
import type { PublishersStore } from '@byline/domain/publishers/publishers-store';
import { checkedDomain } from '@byline/domain/publishers/domain-check-state';

/*
 * A domain check reads the domain, decides its next state, then writes it: on MongoDB another check or a removal may
 * come between. The write holds only while the state is the one read, so a check that read "pending" never puts back
 * a domain another check proved meanwhile (nor one that read "proven" a domain lapsed meanwhile).
 */
describe.each(storeFactories())('a domain check written over a state that moved ($name store)', (factory) => {
  const repositories = freshRepositoriesPerTest(factory);
  const T0 = new Date('2030-01-01T00:00:00.000Z');

  it('is refused, and the state another check wrote stays', async () => {
    const { publishers, publisherDomains } = repositories();
    const publisher = (await publishers.create({ slug: 'harbour', name: 'Harbour' }, 'admin', T0))!;
    const pending = (await publisherDomains.addDomain(publisher.id, 'harbour.example', 'token', 'admin', T0))!;
    await publisherDomains.recordCheck(
      publisher.id,
      'harbour.example',
      { outcome: 'proven', method: 'dns-txt', at: T0.toISOString() },
      null,
    );

    const stale = checkedDomain(pending, { outcome: 'failing', failure: 'no record', at: T0.toISOString() });
    const store = publishers as unknown as PublishersStore;
    const written = await store.inOneWrite(function* (unit) {
      return (yield unit.writeDomain(publisher.id, 'harbour.example', stale, 'pending')) as boolean;
    });
    expect(written).toBe(false);
    expect(await publisherDomains.findDomain(publisher.id, 'harbour.example')).toMatchObject({
      state: 'proven',
      method: 'dns-txt',
    });
  });
});

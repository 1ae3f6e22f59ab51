import type { Store } from '@byline/domain/store/store';
import { repositoriesOf } from '@byline/shared/store';
import { declaringNothing } from '@byline/test-support';
import type { TrustSummary } from '@byline/domain/publishers/trust-summary';
import { andThen, forgetting, reopenablePerTest, reopenableStores } from './reopenable-store';

/** As before trust readings were kept: no trust column (SQLite), no trust field (MongoDB), 030 not run. */
const withoutTrust = andThen(
  {
    sqlite: (db) => db.exec('ALTER TABLE publishers DROP COLUMN trust'),
    mongodb: async (db) => {
      await db.collection('publishers').updateMany({}, { $unset: { trust: '' } });
    },
  },
  forgetting('030-publisher-trust'),
);

const READING: TrustSummary = {
  domain: 'harbour.example',
  readAt: '2030-01-01T00:05:00.000Z',
  url: 'https://harbour.example/trust.txt',
  ...declaringNothing(),
  relations: [{ kind: 'belongto', domain: 'press-association.example', confirmed: true, reason: null }],
  failure: null,
};

describe.each(reopenableStores())('publishers stored before their trust readings ($name store)', ({ make }) => {
  const target = reopenablePerTest(make);
  let store: Store;

  it('read as never read, and keep a reading from then on', async () => {
    store = target.open();
    const created = await repositoriesOf(store).publishers.create(
      { slug: 'harbour-times', name: 'The Harbour Times' },
      'owner@example.org',
      new Date('2030-01-01T00:00:00.000Z'),
    );
    await store.close();

    await target.rewind(withoutTrust);
    store = target.open();
    const { publishers, publisherHistory } = repositoriesOf(store);
    expect(await publishers.findById(created!.id)).toEqual({ ...created, trust: null });
    expect(await publisherHistory.setTrust(created!.id, READING, new Date('2030-01-01T00:06:00.000Z'))).toBe(true);
    expect(await publishers.findBySlug('harbour-times')).toMatchObject({ trust: READING });
  });
});

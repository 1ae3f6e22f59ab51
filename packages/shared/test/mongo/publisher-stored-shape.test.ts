import { openedDatabase } from '../../src/store/opened-database';
import { collectionOf } from '@byline/store-mongodb/store/mongo-schema';
import type { TrustSummary } from '@byline/domain/publishers/trust-summary';
import { describeOnMongoDb, freshRepositoriesPerTest } from '@byline/test-support';

const AT = new Date('2026-01-01T09:00:00.000Z');
const LATER = new Date('2026-01-02T09:00:00.000Z');

const TRUST: TrustSummary = {
  domain: 'harbour.example',
  readAt: LATER.toISOString(),
  url: 'https://harbour.example/trust.txt',
  relations: [{ kind: 'member', domain: 'press.example', confirmed: false, reason: null }],
  social: [],
  contacts: ['desk@harbour.example'],
  disclosures: [],
  dataTrainingAllowed: null,
  errors: [],
  warnings: [],
  failure: null,
};

/*
 * Publishers, their domains and their history written through the generic documents keep the shape their documents
 * always had: a domain's _id is the JSON of its publisher and its name, and only a proven domain carries
 * proven_domain, whose sparse unique index keeps it to one publisher.
 */
describeOnMongoDb('publishers as stored ($name store)', (factory) => {
  const repositories = freshRepositoriesPerTest(factory);

  const stored = async () => {
    const database = openedDatabase(repositories().store.database);
    if (database.kind !== 'mongodb') throw new Error('a MongoDB store was expected');
    const { db } = database.mongo;
    return {
      publishers: await collectionOf(db, 'publishers').find({}).toArray(),
      // Their rendered answers are the outlets' to write.
      domains: await collectionOf(db, 'publisherDomains')
        .find({}, { projection: { rendered: 0, rendered_rev: 0 } })
        .sort({ domain: 1 })
        .toArray(),
      events: await collectionOf(db, 'publisherEvents').find({}).sort({ _id: 1 }).toArray(),
    };
  };

  it('keeps a publisher, a pending and a proven domain, and their history as they were written before', async () => {
    const { publishers, publisherDomains, publisherHistory } = repositories();
    const publisher = (await publishers.create({ slug: 'harbour', name: 'Harbour', adminUserId: 7 }, 'admin', AT))!;
    await publisherDomains.addDomain(publisher.id, 'harbour.example', 'tok-1', 'admin', AT);
    await publisherDomains.addDomain(publisher.id, 'pending.example', 'tok-2', 'admin', AT);
    const proven = { outcome: 'proven', method: 'dns-txt', at: LATER.toISOString() } as const;
    await publisherDomains.recordCheck(publisher.id, 'harbour.example', proven, null);
    await publisherHistory.setTrust(publisher.id, TRUST, LATER);

    const {
      publishers: [doc],
      domains,
      events,
    } = await stored();
    expect(doc).toEqual({
      _id: publisher.id,
      slug: 'harbour',
      name: 'Harbour',
      logo_url: null,
      verified_at: null,
      verified_by: null,
      admin_user_id: 7,
      attribution: true,
      trust: TRUST,
      created_at: AT.toISOString(),
      updated_at: LATER.toISOString(),
    });
    expect(domains).toEqual([
      {
        _id: JSON.stringify([publisher.id, 'harbour.example']),
        publisher_id: publisher.id,
        domain: 'harbour.example',
        token: 'tok-1',
        state: 'proven',
        method: 'dns-txt',
        proven_at: LATER.toISOString(),
        last_checked_at: LATER.toISOString(),
        failing_since: null,
        last_failure: null,
        added_at: AT.toISOString(),
        proven_domain: 'harbour.example',
      },
      {
        _id: JSON.stringify([publisher.id, 'pending.example']),
        publisher_id: publisher.id,
        domain: 'pending.example',
        token: 'tok-2',
        state: 'pending',
        method: null,
        proven_at: null,
        last_checked_at: null,
        failing_since: null,
        last_failure: null,
        added_at: AT.toISOString(),
      },
    ]);
    expect(events).toEqual([
      {
        _id: expect.any(Number),
        publisher_id: publisher.id,
        actor: 'admin',
        action: 'created',
        note: 'Harbour',
        at: AT.toISOString(),
      },
      {
        _id: expect.any(Number),
        publisher_id: publisher.id,
        actor: 'admin',
        action: 'domain-added',
        note: 'harbour.example',
        at: AT.toISOString(),
      },
      {
        _id: expect.any(Number),
        publisher_id: publisher.id,
        actor: 'admin',
        action: 'domain-added',
        note: 'pending.example',
        at: AT.toISOString(),
      },
    ]);
  });

  it('keeps a verification’s webhook event on the publisher itself', async () => {
    const { publishers } = repositories();
    const publisher = (await publishers.create({ slug: 'harbour', name: 'Harbour' }, 'admin', AT))!;
    await publishers.setVerified(publisher.id, true, 'ed@example.org', 'known outlet', LATER);

    const [doc] = (await stored()).publishers;
    expect(doc).toMatchObject({ verified_at: LATER.toISOString(), verified_by: 'ed@example.org', trust: null });
    expect(doc).toHaveProperty('webhook_outbox', [
      expect.objectContaining({ payload: expect.objectContaining({ type: 'publisher.verified' }) }),
    ]);
  });
});

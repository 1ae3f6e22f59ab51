import { UniqueTakenError, type Documents } from '@byline/domain/documents/documents';
import { runInTurn, runNow, type Steps } from '@byline/domain/store/steps';
import type { Publisher, PublisherDomain } from '@byline/domain/publishers/publishers-repository';
import type { TrustSummary } from '@byline/domain/publishers/trust-summary';
import { MongoDocuments } from '@byline/store-mongodb/documents/mongo-documents';
import {
  PUBLISHER_DOMAINS_COLLECTION,
  PUBLISHERS_COLLECTION,
} from '@byline/store-mongodb/publishers/mongo-publisher-collections';
import { SqliteDocuments } from '@byline/store-sqlite/documents/sqlite-documents';
import { PUBLISHER_DOMAINS_TABLE, PUBLISHERS_TABLE } from '@byline/store-sqlite/publishers/sqlite-publisher-tables';
import { freshRepositoriesPerTest, storeFactories } from '@byline/test-support';
import { openedDatabase } from '../../src/store/opened-database';

const AT = '2030-01-01T00:00:00.000Z';

const domain = (publisherId: number, name: string): PublisherDomain => ({
  publisherId,
  domain: name,
  token: 't',
  state: 'pending',
  method: null,
  provenAt: null,
  lastCheckedAt: null,
  failingSince: null,
  lastFailure: null,
  addedAt: AT,
});

/*
 * The generic documents' keys of several fields, objects read whole and steps inside a unit of write, on the
 * publishers' own tables and collections (the resource that needs them).
 */
describe.each(storeFactories())('generic documents ($name store)', (factory) => {
  const repositories = freshRepositoriesPerTest(factory);

  const documents = () => {
    const database = openedDatabase(repositories().store.database);
    if (database.kind === 'embedded') {
      const { sqlite } = database;
      return {
        publishers: new SqliteDocuments<Publisher, Omit<Publisher, 'id'>>(sqlite, PUBLISHERS_TABLE),
        domains: new SqliteDocuments(sqlite, PUBLISHER_DOMAINS_TABLE) as Documents<PublisherDomain>,
        inOneWrite: <T>(steps: Steps<T>) => sqlite.write(() => runNow(steps)),
      };
    }
    const { mongo } = database;
    return {
      publishers: new MongoDocuments<Publisher, Omit<Publisher, 'id'>>(mongo, PUBLISHERS_COLLECTION),
      domains: new MongoDocuments(mongo, PUBLISHER_DOMAINS_COLLECTION) as Documents<PublisherDomain>,
      inOneWrite: <T>(steps: Steps<T>) => mongo.run(() => runInTurn(steps)),
    };
  };

  const newPublisher = async () =>
    (await repositories().publishers.create({ slug: 'harbour', name: 'Harbour' }, 'admin', new Date(AT)))!.id;

  it('names a document by several fields together, in their order, and refuses the same pair again', async () => {
    const { domains } = documents();
    const publisherId = await newPublisher();
    await domains.insert(domain(publisherId, 'b.example'));
    expect(await domains.insert(domain(publisherId, 'a.example'))).toEqual(domain(publisherId, 'a.example'));
    await expect(domains.insert(domain(publisherId, 'a.example'))).rejects.toThrow(UniqueTakenError);
    expect((await domains.all({ publisherId })).map((each) => each.domain)).toEqual(['a.example', 'b.example']);
    expect(await domains.updateFirst({ publisherId, domain: 'b.example' }, { token: 'u' })).toMatchObject({ token: 't' });
    expect(await domains.first({ publisherId, domain: 'b.example' })).toMatchObject({ token: 'u' });
    expect(await domains.first({ publisherId, domain: 'a.example' })).toMatchObject({ token: 't' });
    expect(await domains.deleteAll({ publisherId, domain: 'a.example' })).toBe(1);
    expect(await domains.count({ publisherId })).toBe(1);
  });

  it('reads an object back whole, and null as null', async () => {
    const { publishers } = documents();
    const id = await newPublisher();
    const trust = { domain: 'harbour.example', relations: [{ kind: 'member', confirmed: true }] } as unknown as TrustSummary;
    await publishers.updateFirst({ id }, { trust });
    expect((await publishers.first({ id }))?.trust).toEqual(trust);
    await publishers.updateFirst({ id }, { trust: null });
    expect((await publishers.first({ id }))?.trust).toBeNull();
  });

  it('runs its calls as steps of one unit of write, each seeing the one before', async () => {
    const { domains, inOneWrite } = documents();
    const publisherId = await newPublisher();
    const { steps } = domains;
    const seen = await inOneWrite(
      (function* () {
        yield steps.insert(domain(publisherId, 'a.example'));
        yield steps.updateFirst({ publisherId, domain: 'a.example' }, { token: 'u' });
        return (yield steps.first({ publisherId, domain: 'a.example' })) as PublisherDomain | null;
      })(),
    );
    expect(seen).toMatchObject({ token: 'u' });
    expect(await domains.count({ publisherId })).toBe(1);
  });
});

import { UniqueTakenError, type Documents, type UnitOfWrite } from '@byline/domain/documents/documents';
import { step } from '@byline/domain/store/steps';
import type { Publisher, PublisherDomain } from '@byline/domain/publishers/publishers-repository';
import { newDomain } from '@byline/domain/publishers/publisher-documents';
import type { TrustSummary } from '@byline/domain/publishers/trust-summary';
import type { UsageDocument } from '@byline/domain/usage/usage-documents';
import { MongoDocuments } from '@byline/store-mongodb/documents/mongo-documents';
import { MongoUnitOfWrite } from '@byline/store-mongodb/documents/mongo-unit-of-write';
import { USAGE_COLLECTION } from '@byline/store-mongodb/usage/mongo-usage-collections';
import {
  PUBLISHER_DOMAINS_COLLECTION,
  PUBLISHERS_COLLECTION,
} from '@byline/store-mongodb/publishers/mongo-publisher-collections';
import { SqliteDocuments } from '@byline/store-sqlite/documents/sqlite-documents';
import { SqliteUnitOfWrite } from '@byline/store-sqlite/documents/sqlite-unit-of-write';
import { USAGE_TABLE } from '@byline/store-sqlite/usage/sqlite-usage-tables';
import { PUBLISHER_DOMAINS_TABLE, PUBLISHERS_TABLE } from '@byline/store-sqlite/publishers/sqlite-publisher-tables';
import { PROFILES_TABLE } from '@byline/store-sqlite/profiles/sqlite-profiles-table';
import { PROFILES_COLLECTION } from '@byline/store-mongodb/profiles/mongo-profiles-collection';
import type { ProfileDocument } from '@byline/domain/profiles/profile-documents';
import { freshRepositoriesPerTest, storeFactories } from '@byline/test-support';
import { newJournalist } from './journalist-contract';
import { openedDatabase } from '../../src/store/opened-database';

const AT = '2030-01-01T00:00:00.000Z';

/** A domain added to the publisher, still to prove, as the publishers' use cases write it. */
const domain = (publisherId: number, name: string): PublisherDomain => newDomain(publisherId, name, 't', AT);

/*
 * The generic documents' keys of several fields, objects read whole and steps inside a unit of write, on tables and
 * collections of the resources that need them: the publishers' (a key the MongoDB `_id` is made of) and
 * api_key_usage (a key of two columns, a unique index over two fields).
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
        usage: new SqliteDocuments(sqlite, USAGE_TABLE) as Documents<UsageDocument>,
        unit: new SqliteUnitOfWrite(sqlite) as UnitOfWrite,
      };
    }
    const { mongo } = database;
    return {
      publishers: new MongoDocuments<Publisher, Omit<Publisher, 'id'>>(mongo, PUBLISHERS_COLLECTION),
      domains: new MongoDocuments(mongo, PUBLISHER_DOMAINS_COLLECTION) as Documents<PublisherDomain>,
      usage: new MongoDocuments(mongo, USAGE_COLLECTION) as Documents<UsageDocument>,
      unit: new MongoUnitOfWrite(mongo) as UnitOfWrite,
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

  it('reads the documents whose field is one of several values, in key order, in one read', async () => {
    const { domains } = documents();
    const publisherId = await newPublisher();
    for (const name of ['c.example', 'a.example', 'b.example']) await domains.insert(domain(publisherId, name));
    const named = async (names: string[]) => (await domains.all({ domain: { in: names } })).map((each) => each.domain);
    expect(await named(['c.example', 'a.example', 'z.example'])).toEqual(['a.example', 'c.example']);
    expect(await named([])).toEqual([]);
    expect(await domains.count({ publisherId: { in: [publisherId, publisherId + 1] } })).toBe(3);
    // Every field of the key given, one of them as a list: MongoDB reads these by their _id.
    const keyed = await domains.all({ publisherId, domain: { in: ['c.example', 'a.example', 'z.example'] } });
    expect(keyed.map((each) => each.domain)).toEqual(['a.example', 'c.example']);
    expect(await domains.deleteAll({ publisherId, domain: { in: ['b.example'] } })).toBe(1);
  });

  it('reads and deletes the documents whose text holds a text, as written (no wildcards, case as given)', async () => {
    const { domains } = documents();
    const publisherId = await newPublisher();
    const tokens = ['{"slug":"ann"}', '{"slug":"anne"}', 'a%b_(c).*', 'Ann', 'x^y$z|w[v]u{2}t+s?r\\q'];
    for (const [i, token] of tokens.entries()) await domains.insert({ ...domain(publisherId, `d${i}.example`), token });
    const holding = async (text: string) => (await domains.all({ token: { contains: text } })).map((each) => each.token);
    expect(await holding('"slug":"ann"')).toEqual(['{"slug":"ann"}']);
    expect(await holding('"slug":"ann')).toEqual(['{"slug":"ann"}', '{"slug":"anne"}']);
    expect(await holding('%b_(c).*')).toEqual(['a%b_(c).*']);
    expect(await holding('a_b')).toEqual([]);
    expect(await holding('.b')).toEqual([]);
    expect(await holding('Ann')).toEqual(['Ann']);
    // Every character a regular expression gives a meaning to, taken as itself.
    expect(await holding('^y$z|w[v]u{2}t+s?r\\q')).toEqual(['x^y$z|w[v]u{2}t+s?r\\q']);
    expect(await holding('x^y')).toEqual(['x^y$z|w[v]u{2}t+s?r\\q']);
    expect(await holding('y$')).toEqual(['x^y$z|w[v]u{2}t+s?r\\q']);
    expect(await holding('u{2}')).toEqual(['x^y$z|w[v]u{2}t+s?r\\q']);
    expect(await holding('uu')).toEqual([]);
    expect(await holding('[v]')).toEqual(['x^y$z|w[v]u{2}t+s?r\\q']);
    expect(await holding('wv')).toEqual([]);
    expect(await domains.deleteAll({ publisherId, token: { contains: 'slug' } })).toBe(2);
    expect(await domains.count({ publisherId })).toBe(3);
  });

  it('sets fields on every document a condition matches, in one write, and counts them', async () => {
    const { domains } = documents();
    const publisherId = await newPublisher();
    for (const name of ['a.example', 'b.example', 'c.example']) await domains.insert(domain(publisherId, name));
    await domains.updateFirst({ publisherId, domain: 'c.example' }, { state: 'proven' });
    const pending = { publisherId, state: 'pending' as const };
    expect(await domains.updateAll(pending, { lastFailure: 'gone', failingSince: AT })).toBe(2);
    expect((await domains.all({ lastFailure: 'gone' })).map((each) => each.domain)).toEqual(['a.example', 'b.example']);
    expect(await domains.first({ publisherId, domain: 'c.example' })).toMatchObject({ lastFailure: null });
    expect(await domains.updateAll({ publisherId, domain: { in: [] } }, { token: 'u' })).toBe(0);
    expect(await domains.updateAll(pending, {})).toBe(0);
    const { unit } = documents();
    const counted = await unit.run(function* () {
      return yield* step(domains.steps.updateAll({ domain: { in: ['a.example', 'c.example'] } }, { token: 'v' }));
    });
    expect(counted).toBe(2);
    expect(await domains.count({ token: 'v' })).toBe(2);
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

  it('sets fields inside an object, keeping its others, in one write that a where no longer holding misses', async () => {
    const { publishers, unit } = documents();
    const id = await newPublisher();
    const read = { domain: 'harbour.example', url: null, relations: [{ kind: 'member', confirmed: true }], social: ['a'] };
    await publishers.updateFirst({ id }, { trust: read as unknown as TrustSummary });
    const asRead = { id, trust: { with: { domain: 'harbour.example', url: null } } };
    // Another write inside the object meanwhile (its `social`): the merge keeps it.
    expect(await publishers.updateAll({ id }, {}, { trust: { social: ['b'] } })).toBe(1);
    const merged = { domain: 'quay.example', dataTrainingAllowed: false, relations: [{ kind: 'owner' }] };
    expect(await publishers.updateAll(asRead, { name: 'Quay' }, { trust: merged as Partial<TrustSummary> })).toBe(1);
    const written = await publishers.first({ id });
    expect(written).toMatchObject({ name: 'Quay' });
    expect(written?.trust).toEqual({ ...read, social: ['b'], ...merged });
    // The where as read no longer holds: nothing is written, neither the fields nor the merge.
    expect(await publishers.updateAll(asRead, { name: 'Stale' }, { trust: { domain: 'stale.example' } })).toBe(0);
    expect(await publishers.updateFirst(asRead, { name: 'Stale' }, [], { trust: { domain: 'stale.example' } })).toBeNull();
    expect(await publishers.first({ id })).toEqual(written);
    // In a unit's steps, and by updateFirst (the document as it was before).
    const before = await unit.run(function* () {
      return yield* step(
        publishers.steps.updateFirst({ id, trust: { with: { domain: 'quay.example' } } }, {}, [], { trust: { url: 'u' } }),
      );
    });
    expect(before?.trust).toEqual(written?.trust);
    expect((await publishers.first({ id }))?.trust).toEqual({ ...written?.trust, url: 'u' });
    expect(await publishers.count({ trust: { with: { url: 'u', domain: 'quay.example' } } })).toBe(1);
  });

  it("writes a field's copy inside an object where the table keeps one (SQLite's profile JSON holds the verified flag)", async () => {
    const { profile } = await newJournalist(repositories(), '@copied_flag');
    const database = openedDatabase(repositories().store.database);
    const stored = async (): Promise<unknown[]> => {
      if (database.kind === 'embedded') {
        const row = database.sqlite.connection
          .prepare("SELECT verified, json_extract(doc, '$.verified') AS copy FROM profiles WHERE id = ?")
          .get(profile.id) as { verified: number; copy: number };
        return [row.verified === 1, row.copy === 1];
      }
      const doc = await database.mongo.db.collection('profiles').findOne({ _id: profile.id as never });
      return [doc?.verified, (doc?.profile as Record<string, unknown>).verified];
    };
    const profiles: Documents<ProfileDocument> =
      database.kind === 'embedded'
        ? new SqliteDocuments(database.sqlite, PROFILES_TABLE)
        : new MongoDocuments(database.mongo, PROFILES_COLLECTION);
    const copy = database.kind === 'embedded';
    expect(await stored()).toEqual([false, copy ? false : undefined]);
    await profiles.updateFirst({ id: profile.id }, { verified: true }, [], { profile: { profile_bio: 'Kept.' } });
    expect(await stored()).toEqual([true, copy ? true : undefined]);
    expect((await profiles.first({ id: profile.id }))?.profile).toMatchObject({ profile_bio: 'Kept.' });
    expect(await profiles.updateAll({ id: profile.id, verified: true }, { verified: false })).toBe(1);
    expect(await stored()).toEqual([false, copy ? false : undefined]);
  });

  it('runs its calls as steps of one unit of write, each seeing the one before', async () => {
    const { domains, unit } = documents();
    const publisherId = await newPublisher();
    const { steps } = domains;
    const seen = await unit.run(function* () {
      yield* step(steps.insert(domain(publisherId, 'a.example')));
      yield* step(steps.updateFirst({ publisherId, domain: 'a.example' }, { token: 'u' }));
      return yield* step(steps.first({ publisherId, domain: 'a.example' }));
    });
    expect(seen).toMatchObject({ token: 'u' });
    expect(await domains.count({ publisherId })).toBe(1);
  });

  it('names a document by all of a key of two fields, and reads in their order', async () => {
    const { usage } = documents();
    await usage.insert({ key: 'b', day: '2026-01-02', count: 1 });
    await usage.insert({ key: 'a', day: '2026-01-02', count: 2 });
    await expect(usage.insert({ key: 'a', day: '2026-01-01', count: 3 })).resolves.toEqual({
      key: 'a',
      day: '2026-01-01',
      count: 3,
    });

    expect(await usage.updateFirst({ key: 'a', day: '2026-01-02' }, { count: 20 })).toMatchObject({ count: 2 });
    expect(await usage.all({})).toEqual([
      { key: 'a', day: '2026-01-01', count: 3 },
      { key: 'a', day: '2026-01-02', count: 20 },
      { key: 'b', day: '2026-01-02', count: 1 },
    ]);
    expect((await usage.all({}, { newestFirst: true })).map(({ key, day }) => `${key} ${day}`)).toEqual([
      'b 2026-01-02',
      'a 2026-01-02',
      'a 2026-01-01',
    ]);
  });

  it('names the first field of a unique index over several that refused a write', async () => {
    const { usage } = documents();
    await usage.insert({ key: 'a', day: '2026-01-01', count: 1 });
    const refused = await usage.insert({ key: 'a', day: '2026-01-01', count: 2 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UniqueTakenError);
    expect((refused as UniqueTakenError).field).toBe('key');
  });

  it("runs a rule's steps in one unit, each seeing the ones before", async () => {
    const { usage, unit } = documents();
    const counted = await unit.run(function* () {
      yield* step(usage.steps.insert({ key: 'a', day: '2026-01-01', count: 1 }));
      yield* step(usage.steps.updateFirst({ key: 'a', day: '2026-01-01', count: 1 }, { count: 2 }));
      try {
        yield* step(usage.steps.insert({ key: 'a', day: '2026-01-01', count: 9 }));
      } catch (error) {
        if (!(error instanceof UniqueTakenError)) throw error;
      }
      return yield* step(usage.steps.first({ key: 'a', day: '2026-01-01' }));
    });
    expect(counted).toEqual({ key: 'a', day: '2026-01-01', count: 2 });
    expect(await usage.count({ key: 'a' })).toBe(1);
  });

  it('on SQLite, writes a unit that fails part way not at all (MongoDB keeps the steps before)', async () => {
    const { usage, unit } = documents();
    const failing = unit.run(function* () {
      yield* step(usage.steps.insert({ key: 'a', day: '2026-01-01', count: 1 }));
      throw new Error('interrupted');
    });
    await expect(failing).rejects.toThrow('interrupted');
    const kept = openedDatabase(repositories().store.database).kind === 'embedded' ? 0 : 1;
    expect(await usage.count({})).toBe(kept);
  });
});

import { UniqueTakenError, type Documents, type UnitOfWrite } from '@byline/domain/documents/documents';
import { step } from '@byline/domain/store/steps';
import type { UsageDocument } from '@byline/domain/usage/usage-documents';
import { MongoDocuments } from '@byline/store-mongodb/documents/mongo-documents';
import { MongoUnitOfWrite } from '@byline/store-mongodb/documents/mongo-unit-of-write';
import { USAGE_COLLECTION } from '@byline/store-mongodb/usage/mongo-usage-collections';
import { SqliteDocuments } from '@byline/store-sqlite/documents/sqlite-documents';
import { SqliteUnitOfWrite } from '@byline/store-sqlite/documents/sqlite-unit-of-write';
import { USAGE_TABLE } from '@byline/store-sqlite/usage/sqlite-usage-tables';
import { freshRepositoriesPerTest, storeFactories } from '@byline/test-support';
import { openedDatabase } from '../../src/store/opened-database';

/*
 * The generic documents' steps in a unit of write, and documents named by several fields (a key of two columns, a
 * unique index over two fields), on each database; api_key_usage is such a table.
 */
describe.each(storeFactories())('generic documents: units of write and keys of several fields ($name store)', (factory) => {
  const repositories = freshRepositoriesPerTest(factory);

  const opened = (): { usage: Documents<UsageDocument>; unit: UnitOfWrite } => {
    const database = openedDatabase(repositories().store.database);
    return database.kind === 'embedded'
      ? { usage: new SqliteDocuments(database.sqlite, USAGE_TABLE), unit: new SqliteUnitOfWrite(database.sqlite) }
      : { usage: new MongoDocuments(database.mongo, USAGE_COLLECTION), unit: new MongoUnitOfWrite(database.mongo) };
  };

  it('names a document by all of its key, and reads in the key order', async () => {
    const { usage } = opened();
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

  it('names every field of a unique index over several that refused a write', async () => {
    const { usage } = opened();
    await usage.insert({ key: 'a', day: '2026-01-01', count: 1 });
    const refused = await usage.insert({ key: 'a', day: '2026-01-01', count: 2 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UniqueTakenError);
    expect((refused as UniqueTakenError).field).toBe('key,day');
  });

  it("runs a rule's steps in one unit, each seeing the ones before", async () => {
    const { usage, unit } = opened();
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
    const { usage, unit } = opened();
    const failing = unit.run(function* () {
      yield* step(usage.steps.insert({ key: 'a', day: '2026-01-01', count: 1 }));
      throw new Error('interrupted');
    });
    await expect(failing).rejects.toThrow('interrupted');
    const kept = openedDatabase(repositories().store.database).kind === 'embedded' ? 0 : 1;
    expect(await usage.count({})).toBe(kept);
  });
});

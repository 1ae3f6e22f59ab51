import { openedDatabase } from '../../src/store/opened-database';
import { collectionOf } from '@byline/store-mongodb/store/mongo-schema';
import { describeOnMongoDb, freshRepositoriesPerTest } from '@byline/test-support';

const AT = new Date('2026-01-01T09:00:00.000Z');

/*
 * Accounts and keys written through the generic documents keep the shape their documents always had: stores written
 * before browser keys and rotations are read by the same code, and nothing written now needs a migration to be read
 * by the verifiers' own queries (a key not rotated away has no retires_at; a server key no kind).
 */
describeOnMongoDb('API accounts as stored ($name store)', (factory) => {
  const repositories = freshRepositoriesPerTest(factory);

  const stored = async () => {
    const database = openedDatabase(repositories().store.database);
    if (database.kind !== 'mongodb') throw new Error('a MongoDB store was expected');
    const { db } = database.mongo;
    return {
      accounts: await collectionOf(db, 'accounts')
        .find({}, { projection: { _id: 0 } })
        .toArray(),
      keys: await collectionOf(db, 'apiKeys')
        .find({}, { projection: { _id: 0 } })
        .sort({ _id: 1 })
        .toArray(),
    };
  };

  it('keeps a server key and its account as they were written before', async () => {
    await repositories().apiKeys.createKey({ email: 'desk@example.org', name: 'cms', key: 'bk_one', secretHash: 'h' }, AT);

    const { accounts, keys } = await stored();
    expect(accounts).toEqual([{ email: 'desk@example.org', status: 'active', created_at: AT.toISOString() }]);
    expect(keys).toEqual([
      {
        key: 'bk_one',
        account_id: expect.any(Number),
        name: 'cms',
        secret_hash: 'h',
        created_at: AT.toISOString(),
        revoked_at: null,
        last_used_at: null,
      },
    ]);
  });

  it('keeps a browser key’s own settings, and a rotation’s end and its event on the old key', async () => {
    const browser = { origins: ['https://page.example'], rateLimitPerMinute: 20 };
    const { apiKeys } = repositories();
    await apiKeys.createKey({ email: 'desk@example.org', name: 'page', key: 'bk_page', secretHash: 'h', browser }, AT);
    const until = new Date(AT.getTime() + 60_000);
    await apiKeys.rotateKey('bk_page', { name: 'page', key: 'bk_page2', secretHash: 'h2', browser }, { at: AT, until });

    const [old, successor] = (await stored()).keys;
    expect(old).toMatchObject({ kind: 'browser', browser_origins: browser.origins, rate_limit_per_minute: 20 });
    expect(old).toMatchObject({ revoked_at: null, retires_at: until.toISOString() });
    expect(old).toHaveProperty('webhook_outbox', [
      expect.objectContaining({ payload: expect.objectContaining({ type: 'api_key.revoked' }) }),
    ]);
    expect(successor).not.toHaveProperty('retires_at');
    expect(successor).not.toHaveProperty('webhook_outbox');
  });
});

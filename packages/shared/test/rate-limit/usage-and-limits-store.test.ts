import { createApiKey, type Store } from '@byline/shared';
import { storeFactories } from '@byline/test-support';

describe.each(storeFactories())('store: account rate limits and usage ($name store)', (factory) => {
  let store: Store;
  beforeAll(async () => {
    store = await factory.create();
  });
  afterAll(() => store.close());

  test('a new account has no limit of its own; setting one shows in its credentials, null removes it', async () => {
    const { key } = await createApiKey(store, 'limits@example.org');
    expect((await store.findCredential(key))?.rateLimitPerMinute).toBeNull();
    expect(await store.setAccountRateLimit('limits@example.org', 42)).toBe(true);
    expect((await store.findCredential(key))?.rateLimitPerMinute).toBe(42);
    expect(await store.setAccountRateLimit('limits@example.org', null)).toBe(true);
    expect((await store.findCredential(key))?.rateLimitPerMinute).toBeNull();
  });

  test('setting a limit for an unknown email changes nothing and says so', async () => {
    expect(await store.setAccountRateLimit('nobody@example.org', 10)).toBe(false);
  });

  test('usage adds up per key and day, and is listed oldest day first', async () => {
    await store.recordUsage([
      { key: 'K1', day: '2024-05-02', count: 3 },
      { key: 'K1', day: '2024-05-01', count: 1 },
      { key: 'K2', day: '2024-05-02', count: 7 },
    ]);
    await store.recordUsage([{ key: 'K1', day: '2024-05-02', count: 2 }]);
    expect(await store.usageOf('K1')).toEqual([
      { key: 'K1', day: '2024-05-01', count: 1 },
      { key: 'K1', day: '2024-05-02', count: 5 },
    ]);
    expect(await store.usageOf('K2')).toEqual([{ key: 'K2', day: '2024-05-02', count: 7 }]);
    expect(await store.usageOf('unknown')).toEqual([]);
  });

  test("usage moves the key's last_used_at forward, never back", async () => {
    const { key } = await createApiKey(store, 'last-used@example.org');
    const lastUsed = async () => (await store.listApiKeys('last-used@example.org')).find((k) => k.key === key)?.last_used_at;
    expect(await lastUsed()).toBeNull();
    await store.recordUsage([{ key, day: '2024-05-02', count: 2, lastUsedAt: '2024-05-02T10:00:00.000Z' }]);
    expect(await lastUsed()).toBe('2024-05-02T10:00:00.000Z');
    await store.recordUsage([{ key, day: '2024-05-01', count: 1, lastUsedAt: '2024-05-01T23:00:00.000Z' }]);
    expect(await lastUsed()).toBe('2024-05-02T10:00:00.000Z');
    await store.recordUsage([{ key, day: '2024-05-03', count: 1, lastUsedAt: '2024-05-03T08:30:00.000Z' }]);
    expect(await lastUsed()).toBe('2024-05-03T08:30:00.000Z');
  });

  test('recording nothing is harmless', async () => {
    await expect(store.recordUsage([])).resolves.toBeUndefined();
  });
});

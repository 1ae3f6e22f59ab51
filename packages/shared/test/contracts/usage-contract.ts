import { freshRepositoriesPerTest, type StoreFactory } from '@byline/test-support';

/** What every UsageRecords adapter does (run for each database by test/contracts/usage.test.ts). */
export function usageContract(factory: StoreFactory): void {
  const repositories = freshRepositoriesPerTest(factory);
  const usage = () => repositories().usage;

  it('adds up usage per key and day, oldest day first', async () => {
    await usage().record([
      { key: 'bk_u', day: '2024-03-02', count: 2 },
      { key: 'bk_u', day: '2024-03-01', count: 1 },
      { key: 'bk_u', day: '2024-03-02', count: 3 },
      { key: 'bk_other', day: '2024-03-02', count: 7 },
    ]);
    await usage().record([{ key: 'bk_u', day: '2024-03-01', count: 4 }]);

    await expect(usage().ofKey('bk_u')).resolves.toEqual([
      { key: 'bk_u', day: '2024-03-01', count: 5 },
      { key: 'bk_u', day: '2024-03-02', count: 5 },
    ]);
    await expect(usage().ofKey('bk_other')).resolves.toEqual([{ key: 'bk_other', day: '2024-03-02', count: 7 }]);
    await expect(usage().ofKey('bk_none')).resolves.toEqual([]);
  });

  it('usage adds up per key and day, and is listed oldest day first', async () => {
    await usage().record([
      { key: 'K1', day: '2024-05-02', count: 3 },
      { key: 'K1', day: '2024-05-01', count: 1 },
      { key: 'K2', day: '2024-05-02', count: 7 },
    ]);
    await usage().record([{ key: 'K1', day: '2024-05-02', count: 2 }]);
    expect(await usage().ofKey('K1')).toEqual([
      { key: 'K1', day: '2024-05-01', count: 1 },
      { key: 'K1', day: '2024-05-02', count: 5 },
    ]);
    expect(await usage().ofKey('K2')).toEqual([{ key: 'K2', day: '2024-05-02', count: 7 }]);
    expect(await usage().ofKey('unknown')).toEqual([]);
  });

  it('keeps concurrent usage increments (no lost updates)', async () => {
    await Promise.all(Array.from({ length: 20 }, () => usage().record([{ key: 'bk_c', day: '2024-03-03', count: 1 }])));
    await expect(usage().ofKey('bk_c')).resolves.toEqual([{ key: 'bk_c', day: '2024-03-03', count: 20 }]);
  });

  it("moves the key's last_used_at forward, never back", async () => {
    const keys = repositories().apiKeys;
    await keys.createKey({ email: 'last-used@example.org', name: 'default', key: 'bk_last', secretHash: 'hash' }, new Date());
    const lastUsed = async () => (await keys.keysOf('last-used@example.org')).find((k) => k.key === 'bk_last')?.last_used_at;
    expect(await lastUsed()).toBeNull();
    await usage().record([{ key: 'bk_last', day: '2024-05-02', count: 2, lastUsedAt: '2024-05-02T10:00:00.000Z' }]);
    expect(await lastUsed()).toBe('2024-05-02T10:00:00.000Z');
    await usage().record([{ key: 'bk_last', day: '2024-05-01', count: 1, lastUsedAt: '2024-05-01T23:00:00.000Z' }]);
    expect(await lastUsed()).toBe('2024-05-02T10:00:00.000Z');
    await usage().record([{ key: 'bk_last', day: '2024-05-03', count: 1, lastUsedAt: '2024-05-03T08:30:00.000Z' }]);
    expect(await lastUsed()).toBe('2024-05-03T08:30:00.000Z');
  });

  it('recording nothing is harmless', async () => {
    await expect(usage().record([])).resolves.toBeUndefined();
  });
}

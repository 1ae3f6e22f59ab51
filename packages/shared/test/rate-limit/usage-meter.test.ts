import { UsageMeter, type Store, type UsageEntry } from '@byline/shared';
import { capturingLogger, embeddedStore, storeWith } from '@byline/test-support';

describe('UsageMeter', () => {
  const store = embeddedStore();
  afterAll(() => store.close());

  test('counts per UTC day and writes nothing until flushed', async () => {
    let now = Date.parse('2024-05-01T23:59:59.000Z');
    const meter = new UsageMeter(store, capturingLogger().logger, { now: () => now });
    meter.count('DAYKEY');
    meter.count('DAYKEY');
    now = Date.parse('2024-05-02T00:00:00.500Z');
    meter.count('DAYKEY');
    expect(await store.usageOf('DAYKEY')).toEqual([]);
    await meter.flush();
    expect(await store.usageOf('DAYKEY')).toEqual([
      { key: 'DAYKEY', day: '2024-05-01', count: 2 },
      { key: 'DAYKEY', day: '2024-05-02', count: 1 },
    ]);
  });

  test('counts that fail to reach the store are kept for the next flush, with one warning', async () => {
    let failures = 2;
    const flaky: Store = storeWith(store, {
      recordUsage: async (entries: UsageEntry[]) => {
        if (failures-- > 0) throw new Error('disk on fire (test)');
        return store.recordUsage(entries);
      },
    });
    const { logger, output } = capturingLogger();
    const meter = new UsageMeter(flaky, logger);
    meter.count('FLAKY');
    await meter.flush();
    meter.count('FLAKY');
    await meter.flush();
    expect(await store.usageOf('FLAKY')).toEqual([]);
    meter.count('FLAKY');
    await meter.stop();
    expect(await store.usageOf('FLAKY')).toEqual([expect.objectContaining({ key: 'FLAKY', count: 3 })]);
    expect(output().match(/usage counts could not be stored/g)).toHaveLength(1);
  });
});

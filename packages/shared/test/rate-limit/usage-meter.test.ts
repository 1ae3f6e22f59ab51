import { UsageMeter } from '@byline/domain/usage/usage-meter';
import { type UsageEntry } from '@byline/domain/domain/types';
import { type UsageRecords } from '@byline/domain/usage/usage-repository';
import { repositoriesOf } from '@byline/shared/store';
import { capturingLogger, embeddedStore } from '@byline/test-support';

describe('UsageMeter', () => {
  const store = embeddedStore();
  const usage = repositoriesOf(store).usage;
  afterAll(() => store.close());

  test('counts per UTC day and writes nothing until flushed', async () => {
    let now = Date.parse('2024-05-01T23:59:59.000Z');
    const meter = new UsageMeter(usage, capturingLogger().logger, { now: () => now });
    meter.count('DAYKEY');
    meter.count('DAYKEY');
    now = Date.parse('2024-05-02T00:00:00.500Z');
    meter.count('DAYKEY');
    expect(await usage.ofKey('DAYKEY')).toEqual([]);
    await meter.flush();
    expect(await usage.ofKey('DAYKEY')).toEqual([
      { key: 'DAYKEY', day: '2024-05-01', count: 2 },
      { key: 'DAYKEY', day: '2024-05-02', count: 1 },
    ]);
  });

  test('counts that fail to reach the store are kept for the next flush, with one warning', async () => {
    let failures = 2;
    const flaky: Pick<UsageRecords, 'record'> = {
      record: async (entries: UsageEntry[]) => {
        if (failures-- > 0) throw new Error('disk on fire (test)');
        return usage.record(entries);
      },
    };
    const { logger, output } = capturingLogger();
    const meter = new UsageMeter(flaky, logger);
    meter.count('FLAKY');
    await meter.flush();
    meter.count('FLAKY');
    await meter.flush();
    expect(await usage.ofKey('FLAKY')).toEqual([]);
    meter.count('FLAKY');
    await meter.stop();
    expect(await usage.ofKey('FLAKY')).toEqual([expect.objectContaining({ key: 'FLAKY', count: 3 })]);
    expect(output().match(/usage counts could not be stored/g)).toHaveLength(1);
  });
});

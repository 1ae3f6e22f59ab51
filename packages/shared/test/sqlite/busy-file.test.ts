import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { StoreUnavailableError } from '@byline/domain/store/store-unavailable-error';
import { type UsageEntry } from '@byline/domain/domain/types';
import { repositoriesOf } from '@byline/shared/store';
import { SqliteStore } from '@byline/store-sqlite/store/sqlite-store';
import { tempDir } from '@byline/test-support';

/**
 * Another process holds the embedded store's write lock (`byline import` holds it while it reads its file).
 * A service must not stall behind it: SQLite's busy wait would block its event loop, and every request with
 * it, for up to 5 seconds.
 */
describe('embedded store while another process writes', () => {
  let dir: string;
  let store: SqliteStore;
  let otherProcess: Database.Database;
  const usage: UsageEntry[] = [{ key: 'KEY1', day: '2026-11-22', count: 3, lastUsedAt: '2026-11-22T10:00:00.000Z' }];

  beforeEach(() => {
    dir = tempDir('byline-busy-');
    store = new SqliteStore(path.join(dir, 'byline.sqlite'));
    otherProcess = new Database(path.join(dir, 'byline.sqlite'));
    otherProcess.exec('BEGIN IMMEDIATE'); // holds the write lock, as an import does
  });
  afterEach(async () => {
    if (otherProcess.inTransaction) otherProcess.exec('ROLLBACK');
    otherProcess.close();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The longest gap between ticks of a 5 ms timer while `work` runs: how long the event loop was blocked. */
  async function longestStall(work: () => Promise<unknown>): Promise<{ stallMs: number; outcome: unknown }> {
    let last = performance.now();
    let stallMs = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      stallMs = Math.max(stallMs, now - last);
      last = now;
    }, 5);
    try {
      const outcome = await work().catch((error: unknown) => error);
      // A wait that blocked the loop until work() returned shows only here, as no tick came after it.
      return { stallMs: Math.max(stallMs, performance.now() - last), outcome };
    } finally {
      clearInterval(ticker);
    }
  }

  it('opens an already migrated file at once, and answers lookups', async () => {
    const started = performance.now();
    const second = new SqliteStore(path.join(dir, 'byline.sqlite'));
    try {
      expect(performance.now() - started).toBeLessThan(2500);
      expect(await second.articleAnswer('https://example.org/nothing')).toBeNull();
    } finally {
      await second.close();
    }
  });

  it('a usage flush gives up within a second, without blocking the event loop, and writes nothing', async () => {
    const started = performance.now();
    const { stallMs, outcome } = await longestStall(() => repositoriesOf(store).usage.record(usage));
    expect(outcome).toBeInstanceOf(StoreUnavailableError);
    expect(performance.now() - started).toBeLessThan(2500);
    expect(stallMs).toBeLessThan(1000);
    otherProcess.exec('ROLLBACK');
    expect(await repositoriesOf(store).usage.ofKey('KEY1')).toEqual([]);
  });

  it('a usage flush writes as soon as the other writer is done, if that is within a second', async () => {
    setTimeout(() => otherProcess.exec('COMMIT'), 150);
    const { stallMs, outcome } = await longestStall(() => repositoriesOf(store).usage.record(usage));
    expect(outcome).toBeUndefined();
    expect(stallMs).toBeLessThan(1000);
    expect(await repositoriesOf(store).usage.ofKey('KEY1')).toEqual([{ key: 'KEY1', day: '2026-11-22', count: 3 }]);
  });
});

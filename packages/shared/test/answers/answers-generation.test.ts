import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Store } from '@byline/domain/store/store';
import { createApiKey } from '@byline/shared';
import { repositoriesOf } from '@byline/shared/store';
import { SqliteStore } from '@byline/store-sqlite/store/sqlite-store';
import { MongoStore } from '@byline/store-mongodb/store/mongo-store';
import { aProfile, seed, testMongoUri, uniqueDatabaseName } from '@byline/test-support';

/** Two stores on one database, as a verifier and the CLI (or the portal) are two processes on it. */
interface TwoProcesses {
  name: string;
  open(): Promise<{ reader: Store; writer: Store; close(): Promise<void> }>;
}

const embedded: TwoProcesses = {
  name: 'embedded',
  async open() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'byline-generation-'));
    const file = path.join(dir, 'byline.sqlite');
    const reader = new SqliteStore(file);
    const writer = new SqliteStore(file);
    return {
      reader,
      writer,
      async close() {
        await Promise.all([reader.close(), writer.close()]);
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

const mongodb = (uri: string): TwoProcesses => ({
  name: 'mongodb',
  async open() {
    const dbName = uniqueDatabaseName();
    const reader = MongoStore.open(uri, { dbName });
    const writer = MongoStore.open(uri, { dbName });
    await Promise.all([reader.ping(), writer.ping()]);
    return {
      reader,
      writer,
      async close() {
        await writer.db.dropDatabase().catch(() => undefined);
        await Promise.all([reader.close(), writer.close()]);
      },
    };
  },
});

const uri = testMongoUri();
const both = uri ? [embedded, mongodb(uri)] : [embedded];

describe.each(both)("the answers' generation ($name store)", (setup) => {
  let stores: Awaited<ReturnType<TwoProcesses['open']>>;
  beforeEach(async () => {
    stores = await setup.open();
  });
  afterEach(() => stores.close());

  it("moves on by the next turn after another process's write, and stays put while nothing is written", async () => {
    const { reader, writer } = stores;
    const before = await reader.answersGeneration();
    await nextTurn();
    expect(await reader.answersGeneration()).toBe(before);

    await seed(writer, aProfile());
    await nextTurn();
    const after = await reader.answersGeneration();
    expect(after).not.toBe(before);

    await nextTurn();
    expect(await reader.answersGeneration()).toBe(after);
  });

  it('moves on after a revocation written by another process', async () => {
    const { reader, writer } = stores;
    const made = await createApiKey(repositoriesOf(writer).apiKeys, 'desk@example.org');
    await nextTurn();
    const before = await reader.answersGeneration();
    await repositoriesOf(writer).apiKeys.revokeKey(made.key, new Date());
    await nextTurn();
    expect(await reader.answersGeneration()).not.toBe(before);
  });
});

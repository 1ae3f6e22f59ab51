import { openedDatabase } from '@byline/shared';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { MongoStore } from '@byline/store-mongodb/store/mongo-store';
import { storeFactories, testMongoUri } from '@byline/test-support';
import { findFerretDbBinary, startFerretDb, type FerretDbServer } from '@byline/test-support/src/ferretdb';
import { signedUp, startPortal, submit, type Portal } from './support/portal-harness';
import type Database from 'better-sqlite3';

/**
 * A full disk (simulated with SQLite's max_page_count, which makes a write that needs another page fail with
 * SQLITE_FULL, as a full disk does): writes answer 503, and readiness must say so instead of staying 200, then
 * answer 200 again once writes can succeed.
 */

/**
 * Signs people up (each sign-up writes its person) until one answers 503 for the full store: every earlier one
 * succeeds, and exactly one is refused within 60 tries.
 */
async function signUpsUntilRefused(portal: Portal): Promise<void> {
  let refused = 0;
  for (let attempt = 0; attempt < 60 && refused === 0; attempt++) {
    const agent = request.agent(portal.app);
    const res = await submit(agent, '/signup', '/signup', {
      email: `full${attempt}@example.org`,
      password: 'correct horse battery',
    });
    if (res.status === 503) refused++;
    else expect(res.status).toBe(303);
  }
  expect(refused).toBe(1);
}

describe('readiness while the embedded store cannot write', () => {
  let portal: Portal;
  let connection: Database.Database;
  beforeEach(async () => {
    portal = await startPortal(storeFactories().find((factory) => factory.name === 'embedded')!);
    const database = openedDatabase(portal.store.database);
    if (database.kind !== 'embedded') throw new Error('an embedded store was expected');
    connection = database.sqlite.connection;
  });
  afterEach(() => portal.close());

  const fillTheDisk = () => connection.pragma(`max_page_count = ${connection.pragma('page_count', { simple: true })}`);
  const freeTheDisk = () => connection.pragma('max_page_count = 1073741823');

  it('/readyz answers 503 with the reason once a write failed for a full disk, and 200 when writes succeed again', async () => {
    await request(portal.app).get('/readyz').expect(200, { status: 'ready', store: 'embedded' });
    fillTheDisk();

    // Writes fail (each sign-up writes its person): the first that needs another page answers 503.
    await signUpsUntilRefused(portal);

    const ready = await request(portal.app).get('/readyz').expect(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.body).toEqual({
      status: 'unavailable',
      store: 'embedded',
      reason: expect.stringMatching(/cannot write: the disk or the database is full \(SQLITE_FULL\)/),
    });
    // Asked again, it tries a small write again and still cannot.
    await request(portal.app).get('/readyz').expect(503);

    freeTheDisk();
    await request(portal.app).get('/readyz').expect(200, { status: 'ready', store: 'embedded' });
    await signedUp(portal.app);
    await request(portal.app).get('/readyz').expect(200);
  });
});

/**
 * The same on MongoDB (FerretDB on its own data directory): its files may not grow past their size (the process's
 * file size limit, lowered with prlimit as a full disk would stop them), so its writes fail with SQLite's disk I/O
 * error; then the limit is lifted.
 */
const hasPrlimit = (() => {
  try {
    execFileSync('prlimit', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const withFerretDb = testMongoUri() && findFerretDbBinary() && hasPrlimit ? describe : describe.skip;
withFerretDb('readiness while the MongoDB store cannot write', () => {
  let ferret: FerretDbServer;
  let portal: Portal;
  beforeEach(async () => {
    ferret = await startFerretDb({ bin: findFerretDbBinary()! });
    const uri = `${ferret.uri}byline_full?serverSelectionTimeoutMS=2000`;
    portal = await startPortal({
      name: 'mongodb',
      create: async () => {
        const store = MongoStore.open(uri);
        await store.ping();
        return store;
      },
    });
  });
  afterEach(async () => {
    await portal.close();
    await ferret.dispose();
  });

  /** The soft limit only (the hard one stays), so that it can be lifted again. */
  const limitFileSize = (bytes: number | 'unlimited') =>
    execFileSync('prlimit', ['--pid', String(ferret.pid), `--fsize=${bytes}:unlimited`]);
  const largestFile = () =>
    Math.max(...fs.readdirSync(ferret.dataDir).map((name) => fs.statSync(path.join(ferret.dataDir, name)).size));

  it('/readyz answers 503 with the reason once a write failed, and 200 when writes succeed again', async () => {
    await signedUp(portal.app);
    await request(portal.app).get('/readyz').expect(200, { status: 'ready', store: 'mongodb' });
    limitFileSize(largestFile());

    await signUpsUntilRefused(portal);

    const ready = await request(portal.app).get('/readyz').expect(503);
    expect(ready.body).toEqual({
      status: 'unavailable',
      store: 'mongodb',
      reason: expect.stringMatching(/^the store cannot write: the database server/),
    });
    await request(portal.app).get('/readyz').expect(503);

    limitFileSize('unlimited');
    await request(portal.app).get('/readyz').expect(200, { status: 'ready', store: 'mongodb' });
    await signedUp(portal.app);
  });
});

import request from 'supertest';
import { storeFactories } from '@byline/test-support';
import { signedUp, startPortal, submit, type Portal } from './support/portal-harness';
import type Database from 'better-sqlite3';

/**
 * A full disk (simulated with SQLite's max_page_count, which makes a write that needs another page fail with
 * SQLITE_FULL, as a full disk does): writes answer 503, and readiness must say so instead of staying 200, then
 * answer 200 again once writes can succeed.
 */
describe('readiness while the embedded store cannot write', () => {
  let portal: Portal;
  let connection: Database.Database;
  beforeEach(async () => {
    portal = await startPortal(storeFactories().find((factory) => factory.name === 'embedded')!);
    const { database } = portal.store;
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

import Database from 'better-sqlite3';
import request from 'supertest';
import type { SqliteStore } from '@byline/store-sqlite/store/sqlite-store';
import { embeddedStore } from '@byline/test-support';
import { startPortal, submit, type Portal } from './support/portal-harness';

/**
 * While another process holds the embedded store's write lock (`byline import` holds it while it reads its
 * file), a portal write waits for it without freezing the portal for everyone else, and answers 503 with
 * Retry-After if the lock outlasts its 5 seconds, never a 500.
 */
describe('portal while an import holds the embedded store', () => {
  let portal: Portal;
  let importer: Database.Database;

  beforeEach(async () => {
    portal = await startPortal({ name: 'embedded', create: async () => embeddedStore() });
    importer = new Database((portal.store as SqliteStore).file);
    importer.exec('BEGIN IMMEDIATE');
  });
  afterEach(async () => {
    if (importer.inTransaction) importer.exec('ROLLBACK');
    importer.close();
    await portal.close();
  });

  it('answers other pages while a sign-up waits, then 503 with Retry-After', async () => {
    const signUp = submit(request.agent(portal.app), '/signup', '/signup', {
      email: 'waiting@example.org',
      password: 'correct horse battery',
    }).then((res) => res);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = performance.now();
    const page = await request(portal.app).get('/signin');
    expect(page.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(2000);

    const res = await signUp;
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.text).toContain('cannot reach its database');
  }, 15_000);

  it('completes the sign-up once the import commits', async () => {
    setTimeout(() => importer.exec('COMMIT'), 300);
    const res = await submit(request.agent(portal.app), '/signup', '/signup', {
      email: 'patient@example.org',
      password: 'correct horse battery',
    });
    expect(res.status).toBe(303);
    expect(await portal.repositories.users.findByEmail('patient@example.org')).toMatchObject({ email: 'patient@example.org' });
  });
});

import request from 'supertest';
import { MongoStore } from '@byline/store-mongodb/store/mongo-store';
import { quietLogger } from '@byline/test-support';
import { createApp } from '../src/app';
import { portalForEachTest, portalStoreFactories } from './support/portal-harness';

describe.each(portalStoreFactories())('portal probes ($name store)', (factory) => {
  const portal = portalForEachTest(factory);

  it('/healthz and /readyz answer without a session, and set no cookie', async () => {
    const health = await request(portal.app).get('/healthz').expect(200, { status: 'ok' });
    const ready = await request(portal.app).get('/readyz').expect(200, { status: 'ready', store: portal.store.kind });
    for (const res of [health, ready]) expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('portal probes during a database outage (mongodb store)', () => {
  it('/healthz stays 200 while /readyz answers 503 with Retry-After', async () => {
    // Nothing listens on port 1: every operation fails server selection quickly.
    const store = MongoStore.open('mongodb://127.0.0.1:1/byline_probe?serverSelectionTimeoutMS=300&connectTimeoutMS=300');
    try {
      const app = createApp({ store, logger: quietLogger() });
      await request(app).get('/healthz').expect(200, { status: 'ok' });
      const ready = await request(app).get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.body).toEqual({ status: 'unavailable', store: 'mongodb' });
    } finally {
      await store.close();
    }
  });
});

import request from 'supertest';
import { MongoStore } from '@byline/store-mongodb/store/mongo-store';
import { quietLogger } from '@byline/test-support';
import { createApp } from '../src/app';

describe('portal during a database outage (mongodb store)', () => {
  it('answers 503 with Retry-After, not 500, when MongoDB cannot be reached', async () => {
    // Nothing listens on port 1: every operation fails server selection quickly.
    const store = MongoStore.open('mongodb://127.0.0.1:1/byline_outage?serverSelectionTimeoutMS=300&connectTimeoutMS=300');
    try {
      const app = createApp({ store, logger: quietLogger() });
      const res = await request(app).get('/j/someone');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.text).toContain('cannot reach its database');

      // The badge does not pass off an outage as "not verified": an error page, sent like every page and never cached.
      const badge = await request(app).get('/j/someone/badge.svg');
      expect(badge.status).toBe(503);
      expect(badge.headers['content-type']).toMatch(/^text\/html/);
      expect(badge.headers['cache-control']).toBe('no-store');
      expect(badge.headers['content-security-policy']).toContain("script-src 'self'");
    } finally {
      await store.close();
    }
  });
});

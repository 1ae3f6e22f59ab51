import request from 'supertest';
import { MongoStore } from '@byline/editorial';
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
    } finally {
      await store.close();
    }
  });
});

import { StoreUnavailableError } from '@byline/shared';
import {
  checkedRequest as request,
  expectProblem,
  serviceFixture,
  storeFactories,
  storeWith,
  unreachableStore,
} from '@byline/test-support';
import { createApp } from '../src/app';

const PATH = '/api/v1/verify_journalist';
const LOOKUP = { social_type: 'twitter', social_username: 'NiamhCass94' };
const INTERNALS = 'MongoServerError: E11000 at /srv/byline/node_modules/mongodb/lib/cursor.js:42';

describe.each(storeFactories())('verify_journalist: server-side failures ($name store)', (factory) => {
  describe('an unexpected error', () => {
    const service = serviceFixture(factory, createApp, {
      wrapStore: (store) =>
        storeWith(store, {
          taggedJournalistAnswer: async () => {
            throw new Error(INTERNALS);
          },
        }),
    });

    it('answers 500 problem+json with the request id and no internals', async () => {
      const res = await request(service.app)
        .post(PATH)
        .set('Authorization', service.authorization)
        .set('X-Request-Id', 'trace-500-journalist')
        .send(LOOKUP);

      expectProblem(res, 500);
      expect(res.body.request_id).toBe('trace-500-journalist');
      expect(res.text).not.toMatch(/Mongo|E11000|\/srv\/byline|cursor\.js/);
      expect(Object.keys(res.body).sort()).toEqual(['detail', 'message', 'request_id', 'status', 'title', 'type']);
    });

    it('makes a request id when the caller sends none, and echoes it', async () => {
      const res = await request(service.app).post(PATH).set('Authorization', service.authorization).send(LOOKUP);

      expectProblem(res, 500);
      expect(res.body.request_id).toMatch(/\S{8,}/);
    });
  });

  describe('a store that cannot be reached', () => {
    const service = serviceFixture(factory, createApp, { wrapStore: unreachableStore });

    it('answers 503 problem+json with Retry-After', async () => {
      const res = await request(service.app).post(PATH).set('Authorization', service.authorization).send(LOOKUP);

      expectProblem(res, 503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('is not ready: /readyz answers 503', async () => {
      const res = await request(service.app).get('/readyz');

      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
    });
  });

  describe('a store that fails only on the handle lookup', () => {
    const service = serviceFixture(factory, createApp, {
      wrapStore: (store) =>
        storeWith(store, {
          taggedJournalistAnswer: async () => {
            throw new StoreUnavailableError('no primary');
          },
        }),
    });

    it('answers 503 with Retry-After after a successful credential check', async () => {
      const res = await request(service.app).post(PATH).set('Authorization', service.authorization).send(LOOKUP);

      expectProblem(res, 503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.text).not.toContain('no primary');
    });
  });
});

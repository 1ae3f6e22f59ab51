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

const PATH = '/api/verify_article';
const ARTICLE = 'https://www.example-news.ie/news/some-story';
const INTERNALS = 'SQLITE_CORRUPT: database disk image is malformed in /srv/byline/data/byline.sqlite';

describe.each(storeFactories())('verify_article: server-side failures ($name store)', (factory) => {
  describe('an unexpected error', () => {
    const service = serviceFixture(factory, createApp, {
      wrapStore: (store) =>
        storeWith(store, {
          taggedArticleAnswer: async () => {
            throw new Error(INTERNALS);
          },
        }),
    });

    it('answers 500 problem+json with the request id and no internals', async () => {
      const res = await request(service.app)
        .post(PATH)
        .query({ url: ARTICLE })
        .set('Authorization', service.authorization)
        .set('X-Request-Id', 'trace-500-article');

      expectProblem(res, 500);
      expect(res.body.request_id).toBe('trace-500-article');
      expect(res.text).not.toContain('SQLITE');
      expect(res.text).not.toContain('/srv/byline');
      expect(Object.keys(res.body).sort()).toEqual(['detail', 'message', 'request_id', 'status', 'title', 'type']);
    });
  });

  describe('a store that cannot be reached', () => {
    const service = serviceFixture(factory, createApp, { wrapStore: unreachableStore });

    it('answers 503 problem+json with Retry-After', async () => {
      const res = await request(service.app).post(PATH).query({ url: ARTICLE }).set('Authorization', service.authorization);

      expectProblem(res, 503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('is not ready: /readyz answers 503 with Retry-After', async () => {
      const res = await request(service.app).get('/readyz');

      expect(res.status).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('is still alive: /healthz answers 200', async () => {
      expect((await request(service.app).get('/healthz')).status).toBe(200);
    });
  });

  describe('a store that fails only on the article lookup', () => {
    const service = serviceFixture(factory, createApp, {
      wrapStore: (store) =>
        storeWith(store, {
          taggedArticleAnswer: async () => {
            throw new StoreUnavailableError('primary stepped down');
          },
        }),
    });

    it('answers 503 with Retry-After after a successful credential check', async () => {
      const res = await request(service.app).post(PATH).query({ url: ARTICLE }).set('Authorization', service.authorization);

      expectProblem(res, 503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.text).not.toContain('primary stepped down');
    });
  });
});

/**
 * The batch operations (verify_articles, v2, verify_journalists) through the front door on both stores, every answer
 * checked against the service's OpenAPI document: the results in input order, each equal to the single operation's
 * answer to the same item (asked in the test, compared as text), 422s naming bad items by index, the list's limits,
 * one rate-limit unit per item with a batch that would cross the limit refused whole, and credentials.
 */
import type { Express } from 'express';
import type { Test } from 'supertest';
import { repositoriesOf } from '@byline/shared/store';
import { aProfile, type RawProfile } from '../builders';
import { seed } from '../harness';
import { expectFieldErrors, expectProblem, expectUnauthorized, sendBytes, serviceFixture, withInvalidUtf8 } from '../http';
import { checkedRequest as request } from '../openapi-conformance';
import { REDIS_URL, redisAnswers, uniquePrefix } from '../redis';
import { storeFactories } from '../stores';
import type { CreateApp } from './operations';
import { rateLimitedApps } from './rate-limited-apps';

export interface BatchOperation {
  name: string;
  path: string;
  /** The body field holding the list. */
  list: 'urls' | 'journalists';
  /** The single operation whose answers the batch must repeat, asked for one item as its own tests ask it. */
  single: (app: Express, authorization: string, item: unknown) => Test;
  /** An item that finds this profile, and another spelling of it that finds the same. */
  lookup(profile: RawProfile): unknown;
  lookupSpelledOtherwise(profile: RawProfile): unknown;
  /** An item that finds nobody. */
  unknown: unknown;
  /** Items validation refuses, with the field each 422 names at this index. */
  invalid: Array<{ item: unknown; field: (index: number) => string }>;
}

export const VERIFY_ARTICLES: BatchOperation = {
  name: 'verify_articles',
  path: '/api/v1/verify_articles',
  list: 'urls',
  single: (app, authorization, url) =>
    request(app).post('/api/verify_article').query({ url }).set('Authorization', authorization),
  lookup: (profile) => profile.articles[0]!.link,
  // Canonicalised as the single operation does: case, www., tracking parameters and a fragment do not matter.
  lookupSpelledOtherwise: (profile) => `${profile.articles[0]!.link.replace('https://www.', 'HTTPS://')}/?utm_source=x#top`,
  unknown: 'https://news.example/unknown',
  invalid: [
    { item: 'ftp://nowhere', field: (index) => `urls[${index}]` },
    { item: 42, field: (index) => `urls[${index}]` },
  ],
};

export const VERIFY_ARTICLES_V2: BatchOperation = {
  ...VERIFY_ARTICLES,
  name: 'verify_articles v2',
  path: '/api/v2/verify_articles',
  single: (app, authorization, url) =>
    request(app).post('/api/v2/verify_article').query({ url }).set('Authorization', authorization),
};

export const VERIFY_JOURNALISTS: BatchOperation = {
  name: 'verify_journalists',
  path: '/api/v1/verify_journalists',
  list: 'journalists',
  single: (app, authorization, item) =>
    request(app)
      .post('/api/v1/verify_journalist')
      .send(item as object)
      .set('Authorization', authorization),
  lookup: (profile) => ({ social_username: profile.profile_social_profiles.twitter, social_type: 'twitter' }),
  lookupSpelledOtherwise: (profile) => ({
    social_type: ' X ',
    social_username: `https://x.com/${profile.profile_social_profiles.twitter!.slice(1).toUpperCase()}`,
    note: 'other fields are ignored',
  }),
  unknown: { social_username: '@nobody', social_type: 'twitter' },
  invalid: [
    { item: { social_username: 'someone' }, field: (index) => `journalists[${index}].social_type` },
    { item: 'someone on twitter', field: (index) => `journalists[${index}]` },
  ],
};

/** The account of serviceFixture's key (bearer()), and the web origin it lists in the CORS test. */
const DESK = 'desk@example.org';
const NEWS = 'https://news.example';

const REMAINING = /^"per-minute";r=(\d+);t=\d+$/;
const remaining = (header: string | undefined) => Number(REMAINING.exec(header ?? '')?.[1] ?? NaN);

/** The batch operation's behaviour (call inside the service's test file). */
export function describeBatch(operation: BatchOperation, createApp: CreateApp): void {
  describe.each(storeFactories())(`${operation.name}: batches ($name store)`, (factory) => {
    const service = serviceFixture(factory, createApp);
    const first = aProfile();
    const second = aProfile();
    beforeAll(() => seed(service.store, first, second));

    const batch = (items: unknown, authorization = service.authorization) =>
      request(service.app)
        .post(operation.path)
        .set('Authorization', authorization)
        .send({ [operation.list]: items });

    it('answers each item in the order sent, exactly as the single operation answers it, duplicates each time', async () => {
      const items = [
        operation.lookup(first),
        operation.unknown,
        operation.lookup(second),
        operation.lookup(first),
        operation.lookupSpelledOtherwise(first),
      ];
      const res = await batch(items);

      expect(res.status).toBe(200);
      expect(res.body.results).toHaveLength(items.length);
      for (const [index, item] of items.entries()) {
        const single = await operation.single(service.app, service.authorization, item).expect(200);
        expect(res.body.results[index].input).toEqual(item);
        expect(JSON.stringify(res.body.results[index].result)).toBe(single.text);
      }
      expect(res.body.results[0].result.verified).toBe(true);
      expect(res.body.results[1].result.verified).toBe(false);
      expect(res.body.results[4].result).toEqual(res.body.results[0].result);
      expect(Object.keys(res.body.results[0])).toEqual(['input', 'result']);
    });

    it('tags the whole answer: the same batch the same tag (304 when named), another order another tag', async () => {
      const items = [operation.lookup(first), operation.unknown];
      const res = await batch(items).expect(200);
      expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect((await batch(items)).headers.etag).toBe(res.headers.etag);

      const unchanged = await batch(items).set('If-None-Match', res.headers.etag!);
      expect(unchanged.status).toBe(304);
      expect(unchanged.text).toBe('');

      const reversed = await batch([...items].reverse()).expect(200);
      expect(reversed.headers.etag).not.toBe(res.headers.etag);
    });

    it('refuses the whole batch with a 422 naming each bad item by its index', async () => {
      const items = [operation.lookup(first), operation.invalid[0]!.item, operation.unknown, operation.invalid[1]!.item];
      const res = await batch(items);

      expectFieldErrors(res, [operation.invalid[0]!.field(1), operation.invalid[1]!.field(3)]);
      for (const error of res.body.errors) expect(error.message).toMatch(new RegExp(`^"${escape(error.field)}" `));
    });

    it.each([
      ['an empty list', []],
      ['a list of 101', 101],
      ['no list', undefined],
      ['a list that is not one', 'not a list'],
    ])('refuses %s with a 422 naming the list', async (_case, items) => {
      const list = typeof items === 'number' ? Array.from({ length: items }, () => operation.unknown) : items;
      expectFieldErrors(await batch(list), [operation.list]);
    });

    it('refuses a batch whose JSON is not valid UTF-8 (a byte 0xff in an item) with a 400 naming the body', async () => {
      const bytes = withInvalidUtf8({ [operation.list]: [operation.lookup(first), operation.unknown] });
      const res = await sendBytes(
        request(service.app)
          .post(operation.path)
          .set('Authorization', service.authorization)
          .set('Content-Type', 'application/json'),
        bytes,
      );
      expectProblem(res, 400);
      expect(res.body.detail).toBe('The request body is not valid UTF-8: a JSON body must be encoded in UTF-8');
    });

    it('answers a batch of 100, the most it takes', async () => {
      const items = Array.from({ length: 100 }, (_, index) => (index % 2 ? operation.lookup(second) : operation.unknown));
      const res = await batch(items).expect(200);
      expect(res.body.results.map((r: { result: { verified: boolean } }) => r.result.verified)).toEqual(
        items.map((_, index) => index % 2 === 1),
      );
    });

    it('requires credentials before it reads the batch: none, or a bad one, is 401, not 422', async () => {
      expectUnauthorized(
        await request(service.app)
          .post(operation.path)
          .send({ [operation.list]: [] }),
      );
      expectUnauthorized(await batch([operation.lookup(first)], 'Bearer nothing:here'));
      const res = await request(service.app)
        .post(operation.path)
        .send({ [operation.list]: [operation.lookup(first)] });
      expectUnauthorized(res);
      expect(res.text).not.toContain(first.profile_slug);
    });

    it('grants a web page of an origin the account lists the answer, as the single operation does (CORS)', async () => {
      await repositoriesOf(service.store).apiAccounts.setOrigins(DESK, [NEWS]);
      const granted = await batch([operation.lookup(first)])
        .set('Origin', NEWS)
        .expect(200);
      expect(granted.headers['access-control-allow-origin']).toBe(NEWS);
      expect(granted.headers['access-control-expose-headers']).toMatch(/ETag/);

      const other = await batch([operation.lookup(first)])
        .set('Origin', 'https://elsewhere.example')
        .expect(200);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('answers POST only: GET and HEAD are 405 naming POST, OPTIONS is the CORS preflight', async () => {
      for (const method of ['get', 'head', 'put'] as const) {
        const res = await request(service.app)[method](operation.path).set('Authorization', service.authorization);
        expect([method, res.status, res.headers.allow]).toEqual([method, 405, 'POST']);
      }
      const preflight = await request(service.app)
        .options(operation.path)
        .set('Origin', 'https://news.example')
        .set('Access-Control-Request-Method', 'POST');
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-methods']).toBe('POST');
    });
  });

  const redisUp = redisAnswers();
  const modes = [
    { name: 'in memory', redisUrl: undefined as string | undefined },
    ...(redisUp ? [{ name: 'in Redis', redisUrl: REDIS_URL }] : []),
  ];
  describe.each(storeFactories())(`${operation.name}: rate limits per item ($name store)`, (factory) => {
    const { profile, appWith: limitedApp } = rateLimitedApps(factory, createApp, 'batch');

    describe.each(modes)('counters $name', ({ redisUrl }) => {
      const appWith = (perMinute: number) => limitedApp(perMinute, { redisUrl, keyPrefix: uniquePrefix() });
      const send = (app: Express, authorization: string, size: number) =>
        request(app)
          .post(operation.path)
          .set('Authorization', authorization)
          .send({ [operation.list]: Array.from({ length: size }, () => operation.lookup(profile)) });

      it('counts each item; a batch that would cross the limit is refused whole and uses none of it', async () => {
        const { app, key, authorization, store, limiting } = await appWith(5);

        const three = await send(app, authorization, 3).expect(200);
        expect(three.headers['ratelimit-policy']).toBe('"per-minute";q=5;w=60');
        expect(remaining(three.headers['ratelimit'])).toBe(2);

        const refused = await send(app, authorization, 3);
        expectProblem(refused, 429);
        expect(refused.body.detail).toMatch(/5 requests per minute and has 2 left; a batch of 3 items/);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(remaining(refused.headers['ratelimit'])).toBe(2);

        const two = await send(app, authorization, 2).expect(200);
        expect(remaining(two.headers['ratelimit'])).toBe(0);
        expectProblem(await send(app, authorization, 1), 429);

        await limiting.usage.flush();
        const today = new Date().toISOString().slice(0, 10);
        expect(await repositoriesOf(store).usage.ofKey(key)).toEqual([{ key, day: today, count: 5 }]);
      });

      it('a batch refused as invalid counts as one request, as a single one does', async () => {
        const { app, authorization } = await appWith(5);
        const res = await request(app)
          .post(operation.path)
          .set('Authorization', authorization)
          .send({ [operation.list]: [operation.lookup(profile), ...operation.invalid.map(({ item }) => item)] });
        expectProblem(res, 422);
        expect(remaining(res.headers['ratelimit'])).toBe(4);
      });

      it('a batch larger than the whole limit is refused, and the single operation still has its budget', async () => {
        const { app, authorization } = await appWith(3);
        expectProblem(await send(app, authorization, 4), 429);
        const res = await operation.single(app, authorization, operation.lookup(profile)).expect(200);
        expect(remaining(res.headers['ratelimit'])).toBe(2);
      });
    });
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

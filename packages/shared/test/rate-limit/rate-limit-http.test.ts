import request from 'supertest';
import { createApiKey, type Store } from '@byline/shared';
import { createRateLimiting, type RateLimiting } from '@byline/shared/http';
import { expectProblem, quietLogger, storeFactories } from '@byline/test-support';
import { OPERATIONS, REDIS_URL, redisAnswers, uniquePrefix } from './support';

const redisUp = redisAnswers();

interface CounterMode {
  name: string;
  create: (store: Store, perMinute: number) => Promise<RateLimiting>;
}

const COUNTER_MODES: CounterMode[] = [
  { name: 'in memory', create: (store, perMinute) => createRateLimiting({ store, logger: quietLogger(), perMinute }) },
  ...(redisUp
    ? [
        {
          name: 'in Redis',
          create: (store: Store, perMinute: number) =>
            createRateLimiting({ store, logger: quietLogger(), perMinute, redisUrl: REDIS_URL, keyPrefix: uniquePrefix() }),
        },
      ]
    : []),
];

const POLICY = (limit: number) => `"per-minute";q=${limit};w=60`;
const REMAINING = /^"per-minute";r=(\d+);t=(\d+)$/;

function remaining(header: string | undefined): number {
  const match = REMAINING.exec(header ?? '');
  if (!match) throw new Error(`RateLimit header is malformed: ${header}`);
  expect(Number(match[2])).toBeGreaterThanOrEqual(1);
  expect(Number(match[2])).toBeLessThanOrEqual(60);
  return Number(match[1]);
}

describe.each(storeFactories())('rate limits ($name store)', (factory) => {
  let store: Store;
  let limiting: RateLimiting | undefined;
  let accounts = 0;
  beforeAll(async () => {
    store = await factory.create();
  });
  afterEach(async () => {
    await limiting?.close();
    limiting = undefined;
  });
  afterAll(() => store.close());

  async function newAccount(): Promise<{ email: string; key: string; authorization: string }> {
    const email = `client${++accounts}@example.org`;
    const { key, token } = await createApiKey(store, email, 'rate-limit tests');
    return { email, key, authorization: `Bearer ${token}` };
  }

  describe.each(OPERATIONS)('$name', (operation) => {
    describe.each(COUNTER_MODES)('counters $name', (mode) => {
      async function appWith(perMinute: number, authCacheTtlMs = 1000) {
        limiting = await mode.create(store, perMinute);
        return operation.createApp({ store, logger: quietLogger(), rateLimiting: limiting, authCacheTtlMs });
      }

      test('every answer carries RateLimit-Policy and a RateLimit that counts down', async () => {
        const app = await appWith(5);
        const { authorization } = await newAccount();
        const seen: number[] = [];
        for (let i = 0; i < 3; i++) {
          const res = await operation.send(app, authorization).expect(200);
          expect(res.body).toEqual(expect.objectContaining({ verified: false }));
          expect(res.headers['ratelimit-policy']).toBe(POLICY(5));
          seen.push(remaining(res.headers['ratelimit']));
        }
        expect(seen).toEqual([4, 3, 2]);
      });

      test('past the limit: 429 problem with Retry-After, other keys unaffected', async () => {
        const app = await appWith(3);
        const caller = await newAccount();
        for (let i = 0; i < 3; i++) await operation.send(app, caller.authorization).expect(200);

        const refused = await operation.send(app, caller.authorization);
        expectProblem(refused, 429);
        expect(refused.body.detail).toMatch(/3 requests per minute/);
        const retryAfter = Number(refused.headers['retry-after']);
        expect(Number.isInteger(retryAfter)).toBe(true);
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
        expect(refused.headers['ratelimit-policy']).toBe(POLICY(3));
        expect(remaining(refused.headers['ratelimit'])).toBe(0);

        const other = await newAccount();
        const res = await operation.send(app, other.authorization).expect(200);
        expect(remaining(res.headers['ratelimit'])).toBe(2);
      });

      test("an account's own limit replaces the default, and null restores it", async () => {
        const app = await appWith(100, 0);
        const limited = await newAccount();
        expect(await store.setAccountRateLimit(limited.email, 2)).toBe(true);
        for (let i = 0; i < 2; i++) {
          const res = await operation.send(app, limited.authorization).expect(200);
          expect(res.headers['ratelimit-policy']).toBe(POLICY(2));
        }
        expectProblem(await operation.send(app, limited.authorization), 429);

        const generous = await newAccount();
        expect(await store.setAccountRateLimit(generous.email, 1000)).toBe(true);
        const res = await operation.send(app, generous.authorization).expect(200);
        expect(res.headers['ratelimit-policy']).toBe(POLICY(1000));
        expect(remaining(res.headers['ratelimit'])).toBe(999);

        expect(await store.setAccountRateLimit(limited.email, null)).toBe(true);
        const restored = await operation.send(app, limited.authorization).expect(200);
        expect(restored.headers['ratelimit-policy']).toBe(POLICY(100));
      });

      test('usage per key and day reaches the store on flush, not on each request', async () => {
        const app = await appWith(4);
        const { key, authorization } = await newAccount();
        for (let i = 0; i < 3; i++) await operation.send(app, authorization).expect(200);
        expect(await store.usageOf(key)).toEqual([]);

        await limiting!.usage.flush();
        const today = new Date().toISOString().slice(0, 10);
        expect(await store.usageOf(key)).toEqual([{ key, day: today, count: 3 }]);

        await operation.send(app, authorization).expect(200);
        expectProblem(await operation.send(app, authorization), 429);
        await limiting!.close();
        expect(await store.usageOf(key)).toEqual([{ key, day: today, count: 4 }]);
      });
    });
  });

  test('requests refused before authentication carry no rate-limit headers and are not counted', async () => {
    limiting = await createRateLimiting({ store, logger: quietLogger(), perMinute: 5 });
    const app = OPERATIONS[0]!.createApp({ store, logger: quietLogger(), rateLimiting: limiting });
    const res = await request(app).post('/api/verify_article').query({ url: 'https://news.example/a' }).expect(401);
    expect(res.headers['ratelimit']).toBeUndefined();
  });

  test('a 422 answer is counted and carries the headers', async () => {
    limiting = await createRateLimiting({ store, logger: quietLogger(), perMinute: 5 });
    const app = OPERATIONS[0]!.createApp({ store, logger: quietLogger(), rateLimiting: limiting });
    const { authorization } = await newAccount();
    const res = await request(app).post('/api/verify_article').set('Authorization', authorization);
    expectProblem(res, 422);
    expect(res.headers['ratelimit-policy']).toBe(POLICY(5));
    expect(remaining(res.headers['ratelimit'])).toBe(4);
  });
});

import request from 'supertest';
import { createApiKey } from '@byline/shared';
import { type Store } from '@byline/domain/store/store';
import { repositoriesOf } from '@byline/shared/store';
import { createRateLimiting, type RateLimiting } from '@byline/http';
import { capturingLogger, quietLogger } from '../harness';
import { expectProblem } from '../http';
import { freePort } from '../processes';
import { REDIS_URL, redisAnswers, uniquePrefix } from '../redis';
import { storeFactories } from '../stores';
import type { CreateApp, VerifierOperation } from './operations';

interface CounterMode {
  name: string;
  create: (store: Store, perMinute: number) => Promise<RateLimiting>;
}

const counterModes = (redisUp: boolean): CounterMode[] => [
  {
    name: 'in memory',
    create: (store, perMinute) => createRateLimiting({ usage: repositoriesOf(store).usage, logger: quietLogger(), perMinute }),
  },
  ...(redisUp
    ? [
        {
          name: 'in Redis',
          create: (store: Store, perMinute: number) =>
            createRateLimiting({
              usage: repositoriesOf(store).usage,
              logger: quietLogger(),
              perMinute,
              redisUrl: REDIS_URL,
              keyPrefix: uniquePrefix(),
            }),
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

/** Per-key rate limits of one operation, counted in memory and in Redis (call inside the service's test file). */
export function describeRateLimits(operation: VerifierOperation, createApp: CreateApp): void {
  const redisUp = redisAnswers();
  const send = (app: Parameters<typeof request>[0], authorization: string) =>
    operation.send(request(app).post(operation.path), operation.unknown).set('Authorization', authorization);

  describe.each(storeFactories())(`${operation.name}: rate limits ($name store)`, (factory) => {
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
      const { key, token } = await createApiKey(repositoriesOf(store).apiKeys, email, 'rate-limit tests');
      return { email, key, authorization: `Bearer ${token}` };
    }

    describe.each(counterModes(redisUp))('counters $name', (mode) => {
      async function appWith(perMinute: number, authCacheTtlMs = 1000) {
        limiting = await mode.create(store, perMinute);
        return createApp({ store, logger: quietLogger(), rateLimiting: limiting, authCacheTtlMs });
      }

      test('every answer carries RateLimit-Policy and a RateLimit that counts down', async () => {
        const app = await appWith(5);
        const { authorization } = await newAccount();
        const seen: number[] = [];
        for (let i = 0; i < 3; i++) {
          const res = await send(app, authorization).expect(200);
          expect(res.body).toEqual(expect.objectContaining({ verified: false }));
          expect(res.headers['ratelimit-policy']).toBe(POLICY(5));
          seen.push(remaining(res.headers['ratelimit']));
        }
        expect(seen).toEqual([4, 3, 2]);
      });

      test('past the limit: 429 problem with Retry-After, other keys unaffected', async () => {
        const app = await appWith(3);
        const caller = await newAccount();
        for (let i = 0; i < 3; i++) await send(app, caller.authorization).expect(200);

        const refused = await send(app, caller.authorization);
        expectProblem(refused, 429);
        expect(refused.body.detail).toMatch(/3 requests per minute/);
        const retryAfter = Number(refused.headers['retry-after']);
        expect(Number.isInteger(retryAfter)).toBe(true);
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
        expect(refused.headers['ratelimit-policy']).toBe(POLICY(3));
        expect(remaining(refused.headers['ratelimit'])).toBe(0);

        const other = await newAccount();
        const res = await send(app, other.authorization).expect(200);
        expect(remaining(res.headers['ratelimit'])).toBe(2);
      });

      test("an account's own limit replaces the default, and null restores it", async () => {
        const app = await appWith(100, 0);
        const limited = await newAccount();
        expect(await repositoriesOf(store).apiAccounts.setRateLimit(limited.email, 2)).toBe(true);
        for (let i = 0; i < 2; i++) {
          const res = await send(app, limited.authorization).expect(200);
          expect(res.headers['ratelimit-policy']).toBe(POLICY(2));
        }
        expectProblem(await send(app, limited.authorization), 429);

        const generous = await newAccount();
        expect(await repositoriesOf(store).apiAccounts.setRateLimit(generous.email, 1000)).toBe(true);
        const res = await send(app, generous.authorization).expect(200);
        expect(res.headers['ratelimit-policy']).toBe(POLICY(1000));
        expect(remaining(res.headers['ratelimit'])).toBe(999);

        expect(await repositoriesOf(store).apiAccounts.setRateLimit(limited.email, null)).toBe(true);
        const restored = await send(app, limited.authorization).expect(200);
        expect(restored.headers['ratelimit-policy']).toBe(POLICY(100));
      });

      test('usage per key and day reaches the store on flush, not on each request', async () => {
        const app = await appWith(4);
        const { key, authorization } = await newAccount();
        for (let i = 0; i < 3; i++) await send(app, authorization).expect(200);
        expect(await repositoriesOf(store).usage.ofKey(key)).toEqual([]);

        await limiting!.usage.flush();
        const today = new Date().toISOString().slice(0, 10);
        expect(await repositoriesOf(store).usage.ofKey(key)).toEqual([{ key, day: today, count: 3 }]);

        await send(app, authorization).expect(200);
        expectProblem(await send(app, authorization), 429);
        await limiting!.close();
        expect(await repositoriesOf(store).usage.ofKey(key)).toEqual([{ key, day: today, count: 4 }]);
      });
    });

    test('requests refused before authentication carry no rate-limit headers and are not counted', async () => {
      limiting = await createRateLimiting({ usage: repositoriesOf(store).usage, logger: quietLogger(), perMinute: 5 });
      const app = createApp({ store, logger: quietLogger(), rateLimiting: limiting });
      const res = await operation.send(request(app).post(operation.path), operation.unknown).expect(401);
      expect(res.headers['ratelimit']).toBeUndefined();
    });

    test('a 422 answer is counted and carries the headers', async () => {
      limiting = await createRateLimiting({ usage: repositoriesOf(store).usage, logger: quietLogger(), perMinute: 5 });
      const app = createApp({ store, logger: quietLogger(), rateLimiting: limiting });
      const { authorization } = await newAccount();
      const res = await request(app).post(operation.path).set('Authorization', authorization);
      expectProblem(res, 422);
      expect(res.headers['ratelimit-policy']).toBe(POLICY(5));
      expect(remaining(res.headers['ratelimit'])).toBe(4);
    });
  });

  describe.each(storeFactories())(`${operation.name}: rate limits shared through Redis ($name store)`, (factory) => {
    let store: Store;
    let authorization: string;
    const opened: RateLimiting[] = [];
    beforeAll(async () => {
      store = await factory.create();
      authorization = `Bearer ${(await createApiKey(repositoriesOf(store).apiKeys, 'shared@example.org', 'redis tests')).token}`;
    });
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((limiting) => limiting.close()));
    });
    afterAll(() => store.close());

    async function instance(redisUrl: string, keyPrefix: string, perMinute: number, logger = quietLogger()) {
      const rateLimiting = await createRateLimiting({
        usage: repositoriesOf(store).usage,
        logger,
        perMinute,
        redisUrl,
        keyPrefix,
      });
      opened.push(rateLimiting);
      return createApp({ store, logger, rateLimiting });
    }

    (redisUp ? describe : describe.skip)('with Redis answering', () => {
      test('two instances sharing one Redis enforce one budget', async () => {
        const prefix = uniquePrefix();
        const first = await instance(REDIS_URL, prefix, 4);
        const second = await instance(REDIS_URL, prefix, 4);

        const answers = [];
        for (const app of [first, second, first, second]) answers.push(await send(app, authorization));
        expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
        expect(answers.map((res) => res.headers['ratelimit'])).toEqual(
          [0, 1, 2, 3].map((n) => expect.stringMatching(new RegExp(`^"per-minute";r=${3 - n};t=\\d+$`))),
        );

        for (const app of [first, second]) {
          const refused = await send(app, authorization);
          expectProblem(refused, 429);
          expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        }
      });

      test('instances with different key prefixes keep separate budgets', async () => {
        const first = await instance(REDIS_URL, uniquePrefix(), 1);
        const second = await instance(REDIS_URL, uniquePrefix(), 1);
        await send(first, authorization).expect(200);
        await send(second, authorization).expect(200);
        expectProblem(await send(first, authorization), 429);
      });
    });

    test('Redis down: requests are still answered, counted per instance, and one warning is logged', async () => {
      const { logger, output } = capturingLogger();
      const started = Date.now();
      const app = await instance(`redis://127.0.0.1:${await freePort()}`, uniquePrefix(), 3, logger);
      expect(Date.now() - started).toBeLessThan(2500);

      for (let i = 0; i < 3; i++) {
        const res = await send(app, authorization).expect(200);
        expect(res.headers['ratelimit-policy']).toBe('"per-minute";q=3;w=60');
      }
      expectProblem(await send(app, authorization), 429);

      const warnings = output()
        .split('\n')
        .filter((line) => line.includes('Redis does not answer'));
      expect(warnings).toHaveLength(1);
      expect(JSON.parse(warnings[0]!)).toEqual(
        expect.objectContaining({ level: 'warn', error: expect.stringMatching(/ECONNREFUSED/) }),
      );
    });
  });
}

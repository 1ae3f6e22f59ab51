import { createApiKey, type Store } from '@byline/shared';
import { createRateLimiting, type RateLimiting } from '@byline/shared/http';
import { capturingLogger, expectProblem, quietLogger, storeFactories } from '@byline/test-support';
import { closedPort, OPERATIONS, REDIS_URL, redisAnswers, uniquePrefix } from './support';

const describeWithRedis = redisAnswers() ? describe : describe.skip;

describe.each(storeFactories())('rate limits shared through Redis ($name store)', (factory) => {
  let store: Store;
  let authorization: string;
  const opened: RateLimiting[] = [];
  beforeAll(async () => {
    store = await factory.create();
    authorization = `Bearer ${(await createApiKey(store, 'shared@example.org', 'redis tests')).token}`;
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((limiting) => limiting.close()));
  });
  afterAll(() => store.close());

  async function instance(
    operation: (typeof OPERATIONS)[number],
    redisUrl: string,
    keyPrefix: string,
    perMinute: number,
    logger = quietLogger(),
  ) {
    const rateLimiting = await createRateLimiting({ store, logger, perMinute, redisUrl, keyPrefix });
    opened.push(rateLimiting);
    return operation.createApp({ store, logger, rateLimiting });
  }

  describe.each(OPERATIONS)('$name', (operation) => {
    describeWithRedis('with Redis answering', () => {
      test('two instances sharing one Redis enforce one budget', async () => {
        const prefix = uniquePrefix();
        const first = await instance(operation, REDIS_URL, prefix, 4);
        const second = await instance(operation, REDIS_URL, prefix, 4);

        const answers = [];
        for (const app of [first, second, first, second]) answers.push(await operation.send(app, authorization));
        expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
        expect(answers.map((res) => res.headers['ratelimit'])).toEqual(
          [0, 1, 2, 3].map((n) => expect.stringMatching(new RegExp(`^"per-minute";r=${3 - n};t=\\d+$`))),
        );

        for (const app of [first, second]) {
          const refused = await operation.send(app, authorization);
          expectProblem(refused, 429);
          expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        }
      });

      test('instances with different key prefixes keep separate budgets', async () => {
        const first = await instance(operation, REDIS_URL, uniquePrefix(), 1);
        const second = await instance(operation, REDIS_URL, uniquePrefix(), 1);
        await operation.send(first, authorization).expect(200);
        await operation.send(second, authorization).expect(200);
        expectProblem(await operation.send(first, authorization), 429);
      });
    });

    test('Redis down: requests are still answered, counted per instance, and one warning is logged', async () => {
      const { logger, output } = capturingLogger();
      const started = Date.now();
      const app = await instance(operation, `redis://127.0.0.1:${await closedPort()}`, uniquePrefix(), 3, logger);
      expect(Date.now() - started).toBeLessThan(2500);

      for (let i = 0; i < 3; i++) {
        const res = await operation.send(app, authorization).expect(200);
        expect(res.headers['ratelimit-policy']).toBe('"per-minute";q=3;w=60');
      }
      expectProblem(await operation.send(app, authorization), 429);

      const warnings = output()
        .split('\n')
        .filter((line) => line.includes('Redis does not answer'));
      expect(warnings).toHaveLength(1);
      expect(JSON.parse(warnings[0]!)).toEqual(
        expect.objectContaining({ level: 'warn', error: expect.stringMatching(/ECONNREFUSED/) }),
      );
    });
  });
});

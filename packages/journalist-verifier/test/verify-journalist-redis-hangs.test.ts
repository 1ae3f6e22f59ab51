import request from 'supertest';
import { Redis } from 'ioredis';
import { createApiKey } from '@byline/shared';
import { type Store } from '@byline/domain/store/store';
import { repositoriesOf } from '@byline/shared/store';
import { createRateLimiting, type RateLimiting } from '@byline/http';
import {
  capturingLogger,
  embeddedStore,
  pausableProxy,
  REDIS_URL,
  redisAnswers,
  silentServer,
  uniquePrefix,
  until,
  VERIFY_JOURNALIST,
  type PausableProxy,
} from '@byline/test-support';
import { createApp } from '../src/app';

const send = (app: Parameters<typeof request>[0], authorization: string) =>
  VERIFY_JOURNALIST.send(request(app).post(VERIFY_JOURNALIST.path), VERIFY_JOURNALIST.unknown).set(
    'Authorization',
    authorization,
  );

const linesWith = (output: string, words: string) => output.split('\n').filter((line) => line.includes(words));

/**
 * A Redis that hangs (accepts, never answers) must not hold every request for the command timeout: the first
 * timeout opens the breaker, later requests count in memory without asking Redis, and Redis answering a
 * background probe closes it again.
 */
describe('rate limits while Redis hangs', () => {
  let store: Store;
  let authorization: string;
  let limiting: RateLimiting | undefined;
  beforeAll(async () => {
    store = embeddedStore();
    authorization = `Bearer ${(await createApiKey(repositoriesOf(store).apiKeys, 'hung@example.org', 'breaker tests')).token}`;
  });
  afterEach(async () => {
    await limiting?.close();
    limiting = undefined;
  });
  afterAll(() => store.close());

  async function appOn(redisUrl: string, keyPrefix: string, perMinute: number) {
    const { logger, output } = capturingLogger();
    limiting = await createRateLimiting({ usage: repositoriesOf(store).usage, logger, perMinute, redisUrl, keyPrefix });
    return { app: createApp({ store, logger, rateLimiting: limiting }), output };
  }

  test('a server that accepts and never answers: every request is answered and counted here, one warning', async () => {
    const silent = await silentServer();
    try {
      const { app, output } = await appOn(silent.url, uniquePrefix(), 12);
      for (let i = 0; i < 12; i++) await send(app, authorization).expect(200);
      expect((await send(app, authorization)).status).toBe(429);
      expect(linesWith(output(), 'Redis does not answer')).toHaveLength(1);
    } finally {
      await silent.close();
    }
  });

  (redisAnswers() ? describe : describe.skip)('a Redis that stops answering, then answers again', () => {
    let proxy: PausableProxy;
    let direct: Redis;
    beforeEach(async () => {
      proxy = await pausableProxy(REDIS_URL);
      direct = new Redis(REDIS_URL);
    });
    afterEach(async () => {
      await limiting?.close();
      limiting = undefined;
      await proxy.close();
      direct.disconnect();
    });

    test('after the first timeout no request asks Redis; once Redis answers a probe, counts are shared again', async () => {
      const prefix = uniquePrefix();
      const { app, output } = await appOn(proxy.url, prefix, 1000);
      await send(app, authorization).expect(200);
      expect(await direct.keys(`${prefix}*`)).toHaveLength(1);

      proxy.hang();
      // The first request waits for the command timeout, then counts here and opens the breaker.
      await send(app, authorization).expect(200);
      const started = Date.now();
      const answered = await Promise.all(Array.from({ length: 30 }, () => send(app, authorization)));
      expect(answered.map((res) => res.status)).toEqual(Array(30).fill(200));
      // The hung Redis was sent the first request's count and nothing from the 30 after it (only PING probes).
      const held = proxy.heldWhileHung();
      expect(held.split(prefix).length - 1).toBe(1);
      // A generous bound: thirty requests each waiting 500 ms on Redis would take far longer, even in parallel on a slow machine.
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(linesWith(output(), 'Redis does not answer')).toHaveLength(1);
      expect(JSON.parse(linesWith(output(), 'Redis does not answer')[0]!)).toEqual(
        expect.objectContaining({ level: 'warn', error: expect.stringMatching(/timed out/i) }),
      );

      proxy.answer();
      await until('the breaker closes', async () => (linesWith(output(), 'Redis answers again').length > 0 ? true : undefined));
      const before = Number(await direct.get((await direct.keys(`${prefix}*`))[0]!));
      await send(app, authorization).expect(200);
      await send(app, authorization).expect(200);
      // Counted on Redis again: the shared count moved by the two requests.
      expect(Number(await direct.get((await direct.keys(`${prefix}*`))[0]!))).toBe(before + 2);
      expect(linesWith(output(), 'Redis answers again')).toHaveLength(1);
      expect(linesWith(output(), 'Redis does not answer')).toHaveLength(1);
    });
  });
});

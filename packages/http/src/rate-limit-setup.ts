import { Redis } from 'ioredis';
import { DEFAULT_AUTH_FAILURES_PER_MINUTE, DEFAULT_RATE_LIMIT_PER_MINUTE } from '@byline/domain/config/config';
import type { Logger } from '@byline/domain/logging/logger';
import type { Store } from '@byline/domain/store/store';
import { UsageMeter } from '@byline/domain/usage/usage-meter';
import type { UsageRecords } from '@byline/domain/usage/usage-repository';
import { AuthFailureThrottle } from './auth-failure-throttle';
import { CounterStore } from './counter-store';
import type { RateLimiting } from './rate-limit';
import { RateLimitCounter } from './rate-limit-counter';
import { RedisBreaker } from './redis-breaker';

/** A rate-limit count must never hold a request for long: past this, the instance counts on its own. */
const REDIS_COMMAND_TIMEOUT_MS = 500;
const REDIS_READY_WAIT_MS = 2_000;

export interface RateLimitingOptions {
  /** Where the usage counts are flushed (serviceRepositoriesOf(store).usage). */
  usage: Pick<UsageRecords, 'record'>;
  logger: Logger;
  /** Config.rateLimitPerMinute. */
  perMinute?: number;
  /** Config.authFailuresPerMinute: failed authentications per client address per minute before 429. */
  authFailuresPerMinute?: number;
  /** Config.redisUrl: counters shared through Redis when set, in this process's memory otherwise. */
  redisUrl?: string;
  /** Redis key prefix; instances sharing it share the budgets (tests use a fresh one each). */
  keyPrefix?: string;
  usageFlushIntervalMs?: number;
}

/** Counters in this process only, usage flushed to the store. What createApp uses when given nothing else. */
export function inMemoryRateLimiting({
  usage: records,
  logger,
  perMinute,
  authFailuresPerMinute,
  usageFlushIntervalMs,
}: RateLimitingOptions): RateLimiting {
  const usage = new UsageMeter(records, logger, { flushIntervalMs: usageFlushIntervalMs }).start();
  return {
    counter: RateLimitCounter.inMemory(),
    authFailures: new AuthFailureThrottle(CounterStore.inMemory(), authFailuresPerMinute ?? DEFAULT_AUTH_FAILURES_PER_MINUTE),
    usage,
    defaultPerMinute: perMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
    close: () => usage.stop(),
  };
}

/**
 * Rate limiting for a service process. With a Redis address the counters (requests per key, failed
 * authentications per address) are shared by every instance; while Redis does not answer each instance
 * counts on its own (requests keep being answered, without waiting on Redis: see RedisBreaker), and the
 * switch is logged each way once. Waits briefly for Redis at start, never fails because of it.
 */
export async function createRateLimiting(options: RateLimitingOptions): Promise<RateLimiting> {
  if (!options.redisUrl) return inMemoryRateLimiting(options);
  const redis = await connectCounterRedis(options.redisUrl, options.logger, {
    down: 'Redis does not answer; rate limits are counted per instance until it does',
    up: 'Redis answers again; rate limits are shared',
  });
  const memory = inMemoryRateLimiting(options);
  const { keyPrefix, authFailuresPerMinute } = options;
  let closing: Promise<void> | undefined;
  return {
    ...memory,
    counter: RateLimitCounter.redis(redis.client, { keyPrefix, breaker: redis.breaker }),
    authFailures: new AuthFailureThrottle(
      CounterStore.redis(redis.client, { keyPrefix: keyPrefix ?? 'byline', breaker: redis.breaker }),
      authFailuresPerMinute ?? DEFAULT_AUTH_FAILURES_PER_MINUTE,
    ),
    close() {
      closing ??= memory.close().finally(redis.close);
      return closing;
    },
  };
}

/** A Redis client for counters every instance shares; see connectCounterRedis. */
export interface CounterRedis {
  client: Redis;
  /** Opened by the first failed count (or connection error): counts stay in this process until Redis answers a probe. */
  breaker: RedisBreaker;
  close(): Promise<void>;
}

/**
 * Connects to Redis for shared counters. A counter command never holds a request for long (500 ms), and the first
 * that fails (or a connection error) opens the breaker: the callers then count per instance without asking Redis,
 * and a PING every second in the background closes it once Redis answers. `messages.down` is logged as a warning
 * when it opens, `messages.up` when it closes, once each. Waits briefly for Redis, never fails because of it.
 */
export async function connectCounterRedis(
  redisUrl: string,
  logger: Logger,
  messages: { down: string; up: string },
): Promise<CounterRedis> {
  const client = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    disconnectTimeout: 200,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  const breaker = new RedisBreaker({ probe: () => client.ping(), logger, messages });
  client.on('error', (error) => breaker.failed(error));
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done).off('error', done);
      resolve();
    };
    const timer = setTimeout(done, REDIS_READY_WAIT_MS);
    client.once('ready', done).once('error', done);
  });
  return {
    client,
    breaker,
    async close() {
      breaker.stop();
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}

/**
 * The store as the shutdown sequence should see it: closing it first finishes the routes' batched writes (`tasks`),
 * flushes the last usage counts and lets go of Redis. Only for the shutdown hook; requests use the store itself.
 */
export function closingRateLimitingFirst(store: Store, limiting: RateLimiting, tasks: (() => Promise<void>)[] = []): Store {
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property === 'close') {
        return async () => {
          await Promise.all(tasks.map((task) => task()));
          await limiting.close();
          await target.close();
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

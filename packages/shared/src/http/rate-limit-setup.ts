import { Redis } from 'ioredis';
import { DEFAULT_AUTH_FAILURES_PER_MINUTE, DEFAULT_RATE_LIMIT_PER_MINUTE } from '../config/config';
import type { Logger } from '../logging/logger';
import type { Store } from '../store/store';
import { LogThrottle } from '../usage/log-throttle';
import { UsageMeter } from '../usage/usage-meter';
import type { UsageRecords } from '../usage/usage-repository';
import { AuthFailureThrottle } from './auth-failure-throttle';
import { CounterStore } from './counter-store';
import type { RateLimiting } from './rate-limit';
import { RateLimitCounter } from './rate-limit-counter';

export const REDIS_WARNING_INTERVAL_MS = 30_000;
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
 * counts on its own (requests keep being answered) and a warning is logged at most every 30 s. Waits
 * briefly for Redis at start, never fails because of it.
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
    counter: RateLimitCounter.redis(redis.client, { keyPrefix, onFallback: redis.onFallback }),
    authFailures: new AuthFailureThrottle(
      CounterStore.redis(redis.client, { keyPrefix: keyPrefix ?? 'byline', onFallback: redis.onFallback }),
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
  /** Tells that a count fell back to this process (logged like a connection error). */
  onFallback: (error: unknown) => void;
  close(): Promise<void>;
}

/**
 * Connects to Redis for shared counters. A counter command never holds a request for long (500 ms), and
 * while Redis does not answer the callers count per instance: `messages.down` is logged as a warning at
 * most every 30 s, `messages.up` once Redis answers again. Waits briefly for Redis, never fails because of it.
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
  const warnings = new LogThrottle(REDIS_WARNING_INTERVAL_MS);
  let down = false;
  const warn = (error: unknown) => {
    down = true;
    const { log, suppressed } = warnings.take();
    if (log) logger.warn(messages.down, { error: (error as Error).message, suppressed });
  };
  client.on('error', warn);
  client.on('ready', () => {
    if (!down) return;
    down = false;
    warnings.reset();
    logger.info(messages.up);
  });
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
    onFallback: warn,
    async close() {
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

import { Redis } from 'ioredis';
import { DEFAULT_RATE_LIMIT_PER_MINUTE } from '../config/config';
import type { Logger } from '../logging/logger';
import type { Store } from '../store/store';
import { LogThrottle } from '../usage/log-throttle';
import { UsageMeter } from '../usage/usage-meter';
import type { RateLimiting } from './rate-limit';
import { RateLimitCounter } from './rate-limit-counter';

export const REDIS_WARNING_INTERVAL_MS = 30_000;
/** A rate-limit count must never hold a request for long: past this, the instance counts on its own. */
const REDIS_COMMAND_TIMEOUT_MS = 500;
const REDIS_READY_WAIT_MS = 2_000;

export interface RateLimitingOptions {
  store: Store;
  logger: Logger;
  /** Config.rateLimitPerMinute. */
  perMinute?: number;
  /** Config.redisUrl: counters shared through Redis when set, in this process's memory otherwise. */
  redisUrl?: string;
  /** Redis key prefix; instances sharing it share the budgets (tests use a fresh one each). */
  keyPrefix?: string;
  usageFlushIntervalMs?: number;
}

/** Counters in this process only, usage flushed to the store. What createApp uses when given nothing else. */
export function inMemoryRateLimiting({ store, logger, perMinute, usageFlushIntervalMs }: RateLimitingOptions): RateLimiting {
  const usage = new UsageMeter(store, logger, { flushIntervalMs: usageFlushIntervalMs }).start();
  return {
    counter: RateLimitCounter.inMemory(),
    usage,
    defaultPerMinute: perMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
    close: () => usage.stop(),
  };
}

/**
 * Rate limiting for a service process. With a Redis address the counters are shared by every instance;
 * while Redis does not answer each instance counts on its own (requests keep being answered) and a
 * warning is logged at most every 30 s. Waits briefly for Redis at start, never fails because of it.
 */
export async function createRateLimiting(options: RateLimitingOptions): Promise<RateLimiting> {
  if (!options.redisUrl) return inMemoryRateLimiting(options);
  const { logger, keyPrefix } = options;
  const client = new Redis(options.redisUrl, {
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
    if (log) {
      logger.warn('Redis does not answer; rate limits are counted per instance until it does', {
        error: (error as Error).message,
        suppressed,
      });
    }
  };
  client.on('error', warn);
  client.on('ready', () => {
    if (!down) return;
    down = false;
    warnings.reset();
    logger.info('Redis answers again; rate limits are shared');
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

  const memory = inMemoryRateLimiting(options);
  let closing: Promise<void> | undefined;
  const closeRedis = async () => {
    if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
    else client.disconnect();
  };
  return {
    ...memory,
    counter: RateLimitCounter.redis(client, { keyPrefix, onFallback: warn }),
    close() {
      closing ??= memory.close().finally(closeRedis);
      return closing;
    },
  };
}

/**
 * The store as the shutdown sequence should see it: closing it first flushes the last usage counts and
 * lets go of Redis. Only for the shutdown hook; requests use the store itself.
 */
export function closingRateLimitingFirst(store: Store, limiting: RateLimiting): Store {
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property === 'close') {
        return async () => {
          await limiting.close();
          await target.close();
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

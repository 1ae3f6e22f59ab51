import { createApiKey, type Store } from '@byline/shared';
import { repositoriesOf } from '@byline/shared/store';
import { createRateLimiting, type RateLimiting, type RateLimitingOptions } from '@byline/http';
import { aProfile } from '../builders';
import { quietLogger, seed } from '../harness';
import type { StoreFactory } from '../stores';
import type { CreateApp } from './operations';

/** Where an app's limiter keeps its counters: in memory (no redisUrl), or in Redis under a prefix of its own. */
export type CounterPlace = Pick<RateLimitingOptions, 'redisUrl' | 'keyPrefix'>;

/**
 * The store of the enclosing describe block's rate-limit tests, one profile seeded in it, and apps on it with a limit
 * of their own: each has its own limiter (closed after the test) and a new API account, so no two tests share a
 * budget. `label` names the accounts.
 */
export function rateLimitedApps(factory: StoreFactory, createApp: CreateApp, label: string) {
  let store: Store;
  let limiting: RateLimiting | undefined;
  let accounts = 0;
  const profile = aProfile();
  beforeAll(async () => {
    store = await factory.create();
    await seed(store, profile);
  });
  afterEach(async () => {
    await limiting?.close();
    limiting = undefined;
  });
  afterAll(() => store.close());

  async function appWith(perMinute: number, counters: CounterPlace = {}) {
    limiting = await createRateLimiting({ usage: repositoriesOf(store).usage, logger: quietLogger(), perMinute, ...counters });
    const { key, token } = await createApiKey(repositoriesOf(store).apiKeys, `${label}${++accounts}@example.org`, label);
    const app = createApp({ store, logger: quietLogger(), rateLimiting: limiting });
    return { app, key, authorization: `Bearer ${token}`, store, limiting };
  }
  return { profile, appWith };
}

import { DEFAULT_RATE_LIMIT_PER_MINUTE, loadConfig } from '@byline/domain/config/config';
import { itRefusesAtStartUp } from '@byline/test-support';

describe('rate-limit configuration', () => {
  test('defaults: counters in memory, 600 requests per minute', () => {
    const config = loadConfig({});
    expect(config.redisUrl).toBeUndefined();
    expect(config.rateLimitPerMinute).toBe(DEFAULT_RATE_LIMIT_PER_MINUTE);
    expect(DEFAULT_RATE_LIMIT_PER_MINUTE).toBe(600);
  });

  test('REDIS_URL and RATE_LIMIT_PER_MINUTE are read', () => {
    const config = loadConfig({ REDIS_URL: 'redis://cache.internal:6380/2', RATE_LIMIT_PER_MINUTE: '1200' });
    expect(config.redisUrl).toBe('redis://cache.internal:6380/2');
    expect(config.rateLimitPerMinute).toBe(1200);
    expect(loadConfig({ REDIS_URL: 'rediss://user:pw@cache.example:6379' }).redisUrl).toBe('rediss://user:pw@cache.example:6379');
    expect(loadConfig({ REDIS_URL: '' }).redisUrl).toBeUndefined();
  });

  itRefusesAtStartUp({
    REDIS_URL: ['http://cache.internal:6379', 'cache.internal:6379'],
    RATE_LIMIT_PER_MINUTE: ['0', '-5', '2.5', 'lots'],
  });
});

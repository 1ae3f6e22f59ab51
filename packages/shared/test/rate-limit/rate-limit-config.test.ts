import { ConfigError, DEFAULT_RATE_LIMIT_PER_MINUTE, loadConfig } from '@byline/domain/config/config';

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

  test.each([
    ['REDIS_URL', 'http://cache.internal:6379'],
    ['REDIS_URL', 'cache.internal:6379'],
    ['RATE_LIMIT_PER_MINUTE', '0'],
    ['RATE_LIMIT_PER_MINUTE', '-5'],
    ['RATE_LIMIT_PER_MINUTE', '2.5'],
    ['RATE_LIMIT_PER_MINUTE', 'lots'],
  ])('%s=%s is refused at start-up, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});

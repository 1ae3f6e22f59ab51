import { DEFAULT_AUTH_FAILURES_PER_MINUTE, loadConfig } from '@byline/domain/config/config';
import { itRefusesAtStartUp } from '@byline/test-support';
import { throttleKeyOf } from '@byline/http';

describe('failed-authentication throttle configuration', () => {
  test('defaults: 30 failures per minute per address, no proxy trusted', () => {
    const config = loadConfig({});
    expect(config.authFailuresPerMinute).toBe(DEFAULT_AUTH_FAILURES_PER_MINUTE);
    expect(DEFAULT_AUTH_FAILURES_PER_MINUTE).toBe(30);
    expect(config.trustProxy).toBe(false);
  });

  test('AUTH_FAILURES_PER_MINUTE is read', () => {
    expect(loadConfig({ AUTH_FAILURES_PER_MINUTE: '5' }).authFailuresPerMinute).toBe(5);
  });

  test.each([
    ['true', true],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['loopback', 'loopback'],
    ['10.0.0.0/8, 192.168.1.7', '10.0.0.0/8,192.168.1.7'],
    ['uniquelocal,fd00::/8,::1', 'uniquelocal,fd00::/8,::1'],
    ['', false],
  ])('TRUST_PROXY=%s is read as %p', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  itRefusesAtStartUp({
    AUTH_FAILURES_PER_MINUTE: ['0', '-1', '1.5', 'many'],
    TRUST_PROXY: ['yes', '10.0.0.0/33', '10.0.0.300', 'loopback,ingress'],
  });
});

describe('the client key a throttle counts under', () => {
  test.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    [undefined, 'unknown'],
  ])('%s counts as %s', (address, key) => {
    expect(throttleKeyOf(address)).toBe(key);
  });
});

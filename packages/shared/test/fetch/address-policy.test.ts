import { loadConfig } from '@byline/domain/config/config';
import { configErrorOf } from '@byline/test-support';
import { AddressPolicy, addressPolicyOf } from '@byline/fetcher';

/** The policy an operator's ALLOWED_PRIVATE_ADDRESSES gives, through the configuration as the processes read it. */
const policyOf = (ranges: string) => addressPolicyOf(loadConfig({ ALLOWED_PRIVATE_ADDRESSES: ranges }));

/** The ConfigError's message for this setting, or a failure when it was accepted. */
const refusal = (ranges: string) => configErrorOf({ ALLOWED_PRIVATE_ADDRESSES: ranges });

describe('ALLOWED_PRIVATE_ADDRESSES', () => {
  it('is off by default: public unicast only', () => {
    expect(loadConfig({}).allowedPrivateAddresses).toEqual([]);
    expect(addressPolicyOf(loadConfig({}))).toBe(AddressPolicy.DEFAULT);
    expect(AddressPolicy.DEFAULT.allows('93.184.215.14')).toBe(true);
    expect(AddressPolicy.DEFAULT.allows('127.0.0.1')).toBe(false);
  });

  it('reads comma-separated IPv4 and IPv6 ranges and single addresses, in their canonical form', () => {
    expect(
      loadConfig({ ALLOWED_PRIVATE_ADDRESSES: ' 10.20.0.0/16, fd00:0:0::/48,192.168.1.7 ,::1,' }).allowedPrivateAddresses,
    ).toEqual(['10.20.0.0/16', 'fd00::/48', '192.168.1.7/32', '::1/128']);
  });

  it('lets an IPv4 range through, and only it', () => {
    const policy = policyOf('10.20.0.0/16');
    expect(policy.allows('10.20.0.1')).toBe(true);
    expect(policy.allows('10.20.255.255')).toBe(true);
    expect(policy.allows('10.21.0.1')).toBe(false);
    expect(policy.allows('127.0.0.1')).toBe(false);
    expect(policy.allows('169.254.169.254')).toBe(false);
    // The public internet stays reachable.
    expect(policy.allows('93.184.215.14')).toBe(true);
  });

  it('lets an IPv6 range through, and only it', () => {
    const policy = policyOf('fd00:1::/32,::1/128');
    expect(policy.allows('fd00:1::5')).toBe(true);
    expect(policy.allows('fd00:1:ffff::1')).toBe(true);
    expect(policy.allows('fd00:2::1')).toBe(false);
    expect(policy.allows('::1')).toBe(true);
    expect(policy.allows('fe80::1')).toBe(false);
    expect(policy.allows('127.0.0.1')).toBe(false);
  });

  it('judges an IPv4-mapped IPv6 address as its IPv4 address: inside a listed IPv4 range, or an IPv6 one written mapped', () => {
    const policy = policyOf('127.0.0.0/8');
    expect(policy.allows('::ffff:127.0.0.1')).toBe(true);
    expect(policy.allows('::ffff:7f00:2')).toBe(true);
    expect(policy.allows('::ffff:10.0.0.1')).toBe(false);
    expect(policyOf('::ffff:10.0.0.0/104').allows('10.0.0.9')).toBe(true);
    // The IPv4-compatible and NAT64 forms are other addresses: not inside an IPv4 range.
    expect(policy.allows('::127.0.0.1')).toBe(false);
    expect(policy.allows('64:ff9b::127.0.0.1')).toBe(false);
  });

  it('tells the listed addresses apart (where plain http is accepted for sign-in), and can allow only them', () => {
    const policy = policyOf('10.20.0.0/16');
    expect(policy.isListed('10.20.3.4')).toBe(true);
    expect(policy.isListed('93.184.215.14')).toBe(false);
    expect(policy.listedOnly().allows('10.20.3.4')).toBe(true);
    expect(policy.listedOnly().allows('93.184.215.14')).toBe(false);
    expect(AddressPolicy.DEFAULT.listedOnly().allows('93.184.215.14')).toBe(false);
  });

  it.each([
    ['localhost', '"localhost" is not an address or a range'],
    ['10.0.0.0/8/8', 'is not an address or a range'],
    ['10.0.0/8', 'is not an address or a range'],
    ['10.0.0.0/x', 'is not an address or a range'],
    ['fe80::1%eth0/64', 'is not an address or a range'],
    ['10.0.0.0/33', 'an ipv4 prefix is at most /32'],
    ['fd00::/129', 'an ipv6 prefix is at most /128'],
    ['10.1.0.0/8', '"10.1.0.0/8" has bits set past its prefix: the range is 10.0.0.0/8'],
    ['fd00::1/64', 'the range is fd00::/64'],
    ['0.0.0.0/0', '"0.0.0.0/0" would allow every address'],
    ['::/0', '"::/0" would allow every address'],
  ])('refuses %s at start-up, naming the variable', (ranges, why) => {
    const message = refusal(`127.0.0.0/8,${ranges}`);
    expect(message).toContain('"ALLOWED_PRIVATE_ADDRESSES"');
    expect(message).toContain(why);
  });
});

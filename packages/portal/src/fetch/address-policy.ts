import ipaddr from 'ipaddr.js';

/**
 * Whether the portal may connect to this IP address. Only globally routable unicast addresses pass:
 * loopback, private (10/8, 172.16/12, 192.168/16), link-local (including 169.254.169.254, the cloud
 * metadata address), unique-local IPv6, carrier-grade NAT, multicast, reserved and the IPv6 forms that
 * embed an IPv4 address (mapped, NAT64, 6to4, Teredo) are refused. `allowLoopback` exists for tests only.
 */
export function isAllowedAddress(address: string, { allowLoopback = false } = {}): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const range = ip.range();
  if (range === 'loopback') return allowLoopback;
  return range === 'unicast';
}

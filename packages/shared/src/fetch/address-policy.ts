import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** IPv6 global unicast (RFC 4291 §2.4): everything else (::/8 with its IPv4-compatible forms, fc00::/7 …) is refused. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether Byline may connect to this IP address: only global unicast passes, by ipaddr.js's special-range
 * tables, and anything they do not call `unicast` is refused. That refuses loopback, private (10/8,
 * 172.16/12, 192.168/16), link-local (with 169.254.169.254, the cloud metadata address), carrier-grade NAT,
 * multicast, documentation, benchmarking and reserved ranges, unique-local and site-local IPv6, and the IPv6
 * forms that carry an IPv4 address (IPv4-compatible ::a.b.c.d, NAT64, 6to4, Teredo). An IPv4-mapped address
 * (::ffff:a.b.c.d) is the IPv4 address itself and is judged as one. `allowLoopback` exists for tests only.
 */
export function isAllowedAddress(address: string, { allowLoopback = false } = {}): boolean {
  const canonical = canonicalIp(address);
  if (!canonical) return false;
  let ip = ipaddr.parse(canonical);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const range = ip.range();
  if (range === 'loopback') return allowLoopback;
  if (range !== 'unicast') return false;
  return ip.kind() === 'ipv4' || ip.match(GLOBAL_UNICAST_V6);
}

/**
 * The address as the connection will use it, written as the WHATWG URL parser writes it (the parser the
 * fetcher itself uses): ipaddr.js reads the deprecated IPv4-compatible form `::8.8.8.8` as the mapped
 * `::ffff:8.8.8.8`, while the socket would go to `::808:808`. null for anything that is not an IP address.
 */
function canonicalIp(address: string): string | null {
  if (net.isIPv4(address)) return ipaddr.IPv4.isValidFourPartDecimal(address) ? address : null;
  if (!net.isIPv6(address)) return null;
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
}

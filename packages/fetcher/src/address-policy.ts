import net from 'node:net';
import ipaddr from 'ipaddr.js';

type Ip = ipaddr.IPv4 | ipaddr.IPv6;
type Range = [Ip, number];

/** IPv6 global unicast (RFC 4291 §2.4): everything else (::/8 with its IPv4-compatible forms, fc00::/7 …) is refused. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Which IP addresses Byline's outbound requests may connect to. Every outbound fetcher (article pages, rel="me"
 * pages, network sign-in) judges each address by one policy built from the configuration (addressPolicyOf), after
 * name resolution and on every redirect hop.
 *
 * By default only global unicast passes, by ipaddr.js's special-range tables, and anything they do not call
 * `unicast` is refused. That refuses loopback, private (10/8, 172.16/12, 192.168/16), link-local (with
 * 169.254.169.254, the cloud metadata address), carrier-grade NAT, multicast, documentation, benchmarking and
 * reserved ranges, unique-local and site-local IPv6, and the IPv6 forms that carry an IPv4 address
 * (IPv4-compatible ::a.b.c.d, NAT64, 6to4, Teredo). An IPv4-mapped address (::ffff:a.b.c.d) is the IPv4 address
 * itself and is judged as one.
 *
 * The operator may list ranges (ALLOWED_PRIVATE_ADDRESSES, as Mastodon's setting of that name): an address
 * inside one of them passes too — an identity provider on the company network, or the loopback sites of an
 * end-to-end test.
 */
export class AddressPolicy {
  /** Global unicast only: the policy without ALLOWED_PRIVATE_ADDRESSES. */
  static readonly DEFAULT = new AddressPolicy([]);

  private readonly ranges: Range[];

  /**
   * @param allowedRanges CIDRs (or single addresses) as checked by parseAllowedRange.
   * @param publicInternet whether global unicast passes besides the listed ranges.
   */
  constructor(
    readonly allowedRanges: readonly string[],
    private readonly publicInternet = true,
  ) {
    this.ranges = allowedRanges.map((entry) => {
      const parsed = parseAllowedRange(entry);
      if ('problem' in parsed) throw new Error(`ALLOWED_PRIVATE_ADDRESSES: ${parsed.problem}`);
      return ipaddr.parseCIDR(parsed.value);
    });
  }

  /** Whether an outbound connection may go to this IP address. */
  allows(address: string): boolean {
    const ip = judged(address);
    if (!ip) return false;
    return this.inListedRange(ip) || (this.publicInternet && isGlobalUnicast(ip));
  }

  /** Whether the address is inside one of the listed ranges (where plain http is accepted for sign-in). */
  isListed(address: string): boolean {
    const ip = judged(address);
    return ip !== null && this.inListedRange(ip);
  }

  /** The same listed ranges and nothing else: for requests that only a listed address may answer (plain http). */
  listedOnly(): AddressPolicy {
    return new AddressPolicy(this.allowedRanges, false);
  }

  private inListedRange(ip: Ip): boolean {
    const forms = [ip];
    // An IPv4-mapped address is its IPv4 address (judged) but also matches a range written in IPv6.
    if (ip.kind() === 'ipv4') forms.push((ip as ipaddr.IPv4).toIPv4MappedAddress());
    return this.ranges.some(([network, bits]) =>
      forms.some((form) => form.kind() === network.kind() && form.match(network, bits)),
    );
  }
}

/** Whether the default policy (no listed ranges) lets Byline connect to this IP address. */
export function isAllowedAddress(address: string): boolean {
  return AddressPolicy.DEFAULT.allows(address);
}

/**
 * One entry of ALLOWED_PRIVATE_ADDRESSES in its canonical CIDR form, or why it is refused. A single address is
 * its own range (/32, /128). Refused: anything but an IP address with an optional prefix length; bits set past
 * the prefix (10.1.0.0/8 is more likely a typo for 10.1.0.0/16 than a wish for all of 10/8); and a prefix of 0,
 * which would let every address through — the cloud metadata address, every private network — and so switch
 * the protection off rather than make an exception to it.
 */
export function parseAllowedRange(text: string): { value: string } | { problem: string } {
  const entry = text.trim();
  const [address = '', bits, extra] = entry.split('/');
  if (!net.isIP(address) || address.includes('%') || extra !== undefined || (bits !== undefined && !/^\d{1,3}$/.test(bits)))
    return { problem: `"${entry}" is not an address or a range (write 10.0.0.0/8, 192.168.1.20 or fd00::/8)` };
  const ip = ipaddr.parse(address);
  const max = ip.kind() === 'ipv4' ? 32 : 128;
  const prefix = bits === undefined ? max : Number(bits);
  if (prefix > max) return { problem: `"${entry}": an ${ip.kind()} prefix is at most /${max}` };
  if (prefix === 0) return { problem: `"${entry}" would allow every address: list the ranges to reach instead` };
  const cidr = `${address}/${prefix}`;
  const network = ip.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(cidr) : ipaddr.IPv6.networkAddressFromCIDR(cidr);
  if (network.toString() !== ip.toString())
    return { problem: `"${entry}" has bits set past its prefix: the range is ${network.toString()}/${prefix}` };
  return { value: `${network.toString()}/${prefix}` };
}

/** The address as a connection goes to it: IPv4-mapped judged as IPv4; null for anything that is not an IP address. */
function judged(address: string): Ip | null {
  const canonical = canonicalIp(address);
  if (!canonical) return null;
  const ip = ipaddr.parse(canonical);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) return (ip as ipaddr.IPv6).toIPv4Address();
  return ip;
}

function isGlobalUnicast(ip: Ip): boolean {
  if (ip.range() !== 'unicast') return false;
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

/**
 * The policy ALLOWED_PRIVATE_ADDRESSES gives (the default one when it is unset). Takes the one setting it reads,
 * not the Config type: config.ts checks the setting with parseAllowedRange, so this file does not import it back.
 */
export function addressPolicyOf(config: { allowedPrivateAddresses: string[] }): AddressPolicy {
  return config.allowedPrivateAddresses.length ? new AddressPolicy(config.allowedPrivateAddresses) : AddressPolicy.DEFAULT;
}

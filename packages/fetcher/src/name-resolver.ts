import dns from 'node:dns';
import net from 'node:net';

/**
 * The one setting this file reads (Config's dnsServers), not the Config type: config.ts checks the setting with
 * parseDnsServer, so this file does not import it back.
 */
export type DnsSettings = { dnsServers: string[] };

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** A host name's addresses, to connect to. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** Name resolution as the configuration has it (DNS_SERVERS): one object for every lookup Byline makes itself. */
export interface NameResolver {
  /** Every address of a host name (A and AAAA records), to connect to it. */
  addresses: Resolver;
  /** A name's TXT records, each as its strings. */
  txt(name: string): Promise<string[][]>;
}

/** The system's resolver: getaddrinfo (/etc/hosts, then the resolv.conf servers) for addresses. */
export const SYSTEM_NAME_RESOLVER: NameResolver = {
  addresses: (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true }),
  txt: (name) => dns.promises.resolveTxt(name),
};

/** RFC 6761 §6.3: localhost names are this machine, never asked of a DNS server. */
const LOCALHOST: ResolvedAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];
const isLocalhost = (name: string) => /(^|\.)localhost\.?$/i.test(name);

/**
 * DNS_SERVERS set: every name is asked of those servers (A and AAAA at once, IPv4 first), the system's
 * resolver and /etc/hosts are not read; localhost still means this machine. Unset: the system's resolver.
 */
export function nameResolverOf(config: DnsSettings): NameResolver {
  if (!config.dnsServers.length) return SYSTEM_NAME_RESOLVER;
  const resolver = new dns.promises.Resolver({ timeout: 2000, tries: 2 });
  resolver.setServers(config.dnsServers);
  return {
    async addresses(hostname) {
      const family = net.isIP(hostname);
      if (family) return [{ address: hostname, family }];
      if (isLocalhost(hostname)) return LOCALHOST;
      const [v4, v6] = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
      const found = [
        ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 })) : []),
        ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 })) : []),
      ];
      if (found.length) return found;
      throw v4.status === 'rejected' ? v4.reason : notFound(hostname);
    },
    txt: (name) => resolver.resolveTxt(name),
  };
}

const notFound = (hostname: string) =>
  Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname, syscall: 'getaddrinfo' });

type LookupCallback = (error: Error | null, address?: string | ResolvedAddress[], family?: number) => void;

/**
 * Makes DNS_SERVERS the resolvers of every lookup this process makes, not only of the fetchers (which are given
 * nameResolverOf's addresses): `dns.setServers` for the dns.resolve* family (the SRV and TXT records of a
 * mongodb+srv:// address, the SMTP client's host), and `dns.lookup` — which net, tls and http call for every
 * host name they connect to (MongoDB hosts, Redis, SMTP) and which would otherwise ask getaddrinfo, deaf to
 * setServers. Called once at a process's start, before anything connects; without DNS_SERVERS it does nothing.
 */
export function useDnsServers(config: DnsSettings): void {
  if (!config.dnsServers.length) return;
  dns.setServers(config.dnsServers);
  const { addresses } = nameResolverOf(config);
  const lookup = (hostname: string, options: unknown, callback?: LookupCallback) => {
    const done = (typeof options === 'function' ? options : callback) as LookupCallback;
    const wanted = (typeof options === 'object' && options ? options : { family: options }) as dns.LookupOptions;
    const family = wanted.family === 'IPv4' ? 4 : wanted.family === 'IPv6' ? 6 : Number(wanted.family) || 0;
    addresses(hostname).then(
      (found) => {
        const matching = family ? found.filter((a) => a.family === family) : found;
        if (!matching.length) return done(notFound(hostname));
        if (wanted.all) return done(null, matching);
        done(null, matching[0]!.address, matching[0]!.family);
      },
      (error: Error) => done(error),
    );
  };
  Object.assign(dns, { lookup });
}

/**
 * One entry of DNS_SERVERS (`address` or `address:port`, an IPv6 address in brackets when a port follows) in the
 * form dns.setServers takes, or why it is refused. A resolver is given by address: it cannot be looked up by name.
 */
export function parseDnsServer(text: string): { value: string } | { problem: string } {
  const entry = text.trim();
  const match = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry) ?? /^([^:]+)(?::(\d+))?$/.exec(entry) ?? [entry, entry, undefined];
  const [, address = '', port] = match;
  if (!net.isIP(address) || address.includes('%'))
    return {
      problem: `"${entry}" is not an IP address with an optional port (write 10.0.0.53, 10.0.0.53:5353 or [fd00::53]:53)`,
    };
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535))
    return { problem: `"${entry}": the port must be from 1 to 65535` };
  const host = net.isIPv6(address) ? `[${address}]` : address;
  return { value: port === undefined ? address : `${host}:${port}` };
}

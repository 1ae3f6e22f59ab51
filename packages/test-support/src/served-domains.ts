import type http from 'node:http';
import { loadConfig, type Config } from '@byline/domain/config/config';
import { startDnsServer, type DnsRecords, type TestDnsServer } from './dns-server';
import { startHttpsSite, type HttpsSite } from './https-site';

/** A real https site and the DNS server that names it, as a test's outlets' domains are served. */
export interface ServedDomains {
  site: HttpsSite;
  dns: TestDnsServer;
  /**
   * The configuration that reaches them, as an operator would set it: DNS_SERVERS the test DNS server, loopback in
   * ALLOWED_PRIVATE_ADDRESSES, the test CA in OUTBOUND_CA_FILE; `env` adds or overrides variables.
   */
  config(env?: Record<string, string>): Config;
  close(): Promise<void>;
}

export interface ServedDomainsOptions {
  /** The names the site has certificates for. */
  hostnames: string[];
  /** The names the DNS server answers with the site's address from the start: every one of `hostnames` by default. */
  resolved?: string[];
  /** Further records the DNS server holds from the start (TXT proofs, other addresses). */
  zone?: Record<string, DnsRecords>;
}

/** Starts an https site on loopback (startHttpsSite) answering with `handler`, and a DNS server naming it. */
export async function startServedDomains(
  handler: http.RequestListener,
  { hostnames, resolved = hostnames, zone = {} }: ServedDomainsOptions,
): Promise<ServedDomains> {
  const site = await startHttpsSite(handler, { hostnames });
  const dns = await startDnsServer({
    ...Object.fromEntries(resolved.map((name) => [name, { addresses: [site.address] }])),
    ...zone,
  });
  const env = { DNS_SERVERS: dns.server, ALLOWED_PRIVATE_ADDRESSES: '127.0.0.0/8', OUTBOUND_CA_FILE: site.caFile };
  return {
    site,
    dns,
    config: (extra = {}) => loadConfig({ ...env, ...extra }),
    close: async () => {
      await site.close();
      await dns.close();
    },
  };
}

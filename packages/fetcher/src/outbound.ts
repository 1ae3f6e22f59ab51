import { AddressPolicy, addressPolicyOf } from './address-policy';
import { nameResolverOf, SYSTEM_NAME_RESOLVER, type DnsSettings, type Resolver } from './name-resolver';

/**
 * Where Byline's outbound requests may go and how their host names are found: what every outbound fetcher is
 * built with (createSafeFetch, the portal's page fetcher, network sign-in), so a fetcher added later follows
 * ALLOWED_PRIVATE_ADDRESSES and DNS_SERVERS by being built from it.
 */
export interface Outbound {
  policy: AddressPolicy;
  resolve: Resolver;
  /** PEM certificates https connections trust besides Node's built-in roots (OUTBOUND_CA_FILE); none by default. */
  ca?: readonly string[];
}

/** Without ALLOWED_PRIVATE_ADDRESSES, DNS_SERVERS and OUTBOUND_CA_FILE: public addresses only, the system's resolver, Node's roots. */
export const DEFAULT_OUTBOUND: Outbound = { policy: AddressPolicy.DEFAULT, resolve: SYSTEM_NAME_RESOLVER.addresses };

/** The settings an Outbound is built from: the configuration's ALLOWED_PRIVATE_ADDRESSES, DNS_SERVERS and OUTBOUND_CA_FILE. */
export type OutboundSettings = { allowedPrivateAddresses: string[]; outboundCa?: string[] } & DnsSettings;

export function outboundOf(config: OutboundSettings): Outbound {
  const outbound: Outbound = { policy: addressPolicyOf(config), resolve: nameResolverOf(config).addresses };
  return config.outboundCa?.length ? { ...outbound, ca: config.outboundCa } : outbound;
}

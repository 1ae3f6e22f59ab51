export { AddressPolicy, addressPolicyOf, isAllowedAddress } from './address-policy';
export { ResponseTooLargeError } from './capped-body';
export { SYSTEM_NAME_RESOLVER, nameResolverOf, useDnsServers } from './name-resolver';
export type { Resolver } from './name-resolver';
export { DEFAULT_OUTBOUND, outboundOf } from './outbound';
export type { Outbound } from './outbound';
export { UnresolvedHostError, UnsafeAddressError, createSafeFetch } from './safe-fetch';
export type { SafeFetch, SafeFetchOptions } from './safe-fetch';

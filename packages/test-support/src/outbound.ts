import { loadConfig } from '@byline/domain/config/config';
import { outboundOf, type Outbound, type Resolver } from '@byline/fetcher';

/**
 * What an operator sets to let Byline reach sites on this machine: the tests' pages and identity providers
 * listen on loopback. The same setting the real processes are started with in the process tests.
 */
export const LOOPBACK_ALLOWED = { ALLOWED_PRIVATE_ADDRESSES: '127.0.0.0/8,::1/128' };

/** Outbound requests as that configuration has them; `resolve`, when given, answers the tests' made-up names. */
export function loopbackOutbound(resolve?: Resolver): Outbound {
  const outbound = outboundOf(loadConfig(LOOPBACK_ALLOWED));
  return resolve ? { ...outbound, resolve } : outbound;
}

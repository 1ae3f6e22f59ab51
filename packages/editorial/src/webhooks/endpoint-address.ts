import net from 'node:net';
import type { Outbound } from '@byline/fetcher';

/**
 * Whether an endpoint's address may be registered: https to a host whose every address the outbound policy allows
 * (the public internet, and the ranges ALLOWED_PRIVATE_ADDRESSES lists); plain http only to a listed range (a
 * receiver on the operator's own network, or a test's loopback). Delivery checks again at connect time (the safe
 * fetcher), so a name that later resolves elsewhere (DNS rebinding) is still refused then.
 */
export async function endpointUrlProblem(url: string, outbound: Outbound): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an absolute https address';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'must be an absolute https address';
  if (parsed.username || parsed.password) return 'must not carry a user name or password';
  if (url.length > 2048) return 'must be at most 2048 characters';
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = net.isIP(host) ? [host] : (await outbound.resolve(host)).map((a) => a.address);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) return `${host} does not resolve`;
  if (!addresses.every((address) => outbound.policy.allows(address))) {
    return 'must be a public internet address (private, loopback and link-local addresses are refused)';
  }
  if (parsed.protocol === 'http:' && !addresses.every((address) => outbound.policy.isListed(address))) {
    return 'must use https';
  }
  return null;
}

import net, { type LookupFunction } from 'node:net';
import tls from 'node:tls';
import type { Dispatcher } from 'undici';
import { AddressPolicy } from './address-policy';
import { cappedResponse, keepEncodedInterceptor } from './capped-body';

export { ResponseTooLargeError } from './capped-body';
import { SYSTEM_NAME_RESOLVER, type ResolvedAddress, type Resolver } from './name-resolver';

type Undici = typeof import('undici');

export type { ResolvedAddress, Resolver };

export interface SafeFetchOptions {
  /** Which addresses may be connected to (outboundOf(config).policy); public addresses only by default. */
  policy?: AddressPolicy;
  /** Name resolution (outboundOf(config).resolve); the system's by default. Tests may answer made-up names. */
  resolve?: Resolver;
  /** PEM certificates https trusts besides Node's built-in roots (outboundOf(config).ca: OUTBOUND_CA_FILE). */
  ca?: readonly string[];
  /** For the whole exchange, body included. */
  timeoutMs?: number;
  /** The most a response body may hold (after decompression); reading past it fails. */
  maxBytes?: number;
}

/** `fetch` as the WHATWG standard has it; a request may carry its own signal, joined to the time limit. */
export type SafeFetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

/** The request would have reached an address the policy refuses (loopback, private, link-local … unless listed). */
export class UnsafeAddressError extends Error {
  constructor(readonly host: string) {
    super(`Refused to connect to ${host}: it is not a public internet address.`);
    this.name = 'UnsafeAddressError';
  }
}

/** The host name has no address (or the resolver could not be asked). */
export class UnresolvedHostError extends Error {
  constructor(
    readonly host: string,
    options?: ErrorOptions,
  ) {
    super(`${host} does not resolve`, options);
    this.name = 'UnresolvedHostError';
  }
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * An SSRF-safe `fetch` (undici's, with its own connection pool) for every outbound request a proof method makes:
 * - every connection, redirect hops included, goes through one connector that checks the address before the
 *   socket opens: a host name is resolved and refused unless every address passes the address policy
 *   (ALLOWED_PRIVATE_ADDRESSES adds the ranges it lists to the public internet), and the
 *   socket connects to those checked addresses (no second lookup to race); an IP literal — which Node connects
 *   to without calling the lookup — is checked the same way;
 * - redirects are not followed unless the request asks for it (`redirect: 'follow'`), and then each hop is
 *   checked by the same connector;
 * - 10 s for the whole exchange, and at most 1 MB of body read, counted as it is decoded (cappedResponse);
 * - https trusts Node's built-in roots, and the operator's certificates (OUTBOUND_CA_FILE) when given.
 * undici is loaded on the first request, so that importing @byline/shared stays cheap.
 */
export function createSafeFetch(options: SafeFetchOptions = {}): SafeFetch {
  const {
    policy = AddressPolicy.DEFAULT,
    resolve = SYSTEM_NAME_RESOLVER.addresses,
    timeoutMs = 10_000,
    maxBytes = 1024 * 1024,
    ca = [],
  } = options;
  const allowed = (address: string) => policy.allows(address);

  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (addresses) => {
        if (!addresses.length) return callback(new UnresolvedHostError(hostname), '', 4);
        if (!addresses.every((a) => allowed(a.address))) return callback(new UnsafeAddressError(hostname), '', 4);
        if (lookupOptions.all) return (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, addresses);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: Error) => callback(new UnresolvedHostError(hostname, { cause: error }), '', 4),
    );
  };

  let loaded: { agent: Dispatcher; fetch: Undici['fetch'] } | undefined;
  const load = () => {
    // Required on first use rather than imported: undici adds half again to the load time of @byline/shared,
    // which the verifiers and the CLI import without fetching anything. (A dynamic import() would load it as an
    // ES module, which jest's CommonJS runtime cannot.)
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const undici = require('undici') as Undici;
    // A `ca` given to TLS replaces Node's roots rather than adding to them: the extra certificates join the roots.
    const trusted = ca.length ? { ca: [...tls.rootCertificates, ...ca] } : {};
    const connector = undici.buildConnector({ lookup, timeout: timeoutMs, ...trusted });
    const checkedConnect: typeof connector = (connectOptions, callback) => {
      const host = connectOptions.hostname.replace(/^\[|\]$/g, '');
      if (net.isIP(host) && !allowed(host)) return callback(new UnsafeAddressError(host), null);
      connector(connectOptions, callback);
    };
    // Bodies are decoded by cappedResponse, which stops at the cap, rather than by fetch, which reads ahead.
    const agent = new undici.Agent({ connect: checkedConnect }).compose(keepEncodedInterceptor(undici));
    return { agent, fetch: undici.fetch };
  };

  return async (input, init = {}) => {
    const { agent: dispatcher, fetch } = (loaded ??= load());
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = (await fetch(input, {
        ...(init as object),
        redirect: init.redirect ?? 'manual',
        signal,
        dispatcher,
      })) as unknown as Response;
    } catch (error) {
      throw knownCauseOf(error) ?? error;
    }
    return cappedResponse(response, maxBytes, NULL_BODY_STATUSES.has(response.status));
  };
}

/** The address refusal or the unresolved name behind undici's generic "fetch failed", if that is what it was. */
function knownCauseOf(error: unknown): UnsafeAddressError | UnresolvedHostError | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof UnsafeAddressError || cause instanceof UnresolvedHostError) return cause;
  }
  return undefined;
}

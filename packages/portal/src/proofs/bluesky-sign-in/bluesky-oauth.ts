import type {
  NodeOAuthClient,
  NodeOAuthClientOptions,
  NodeSavedSession,
  NodeSavedState,
  OAuthClientMetadataInput,
} from '@atproto/oauth-client-node';
import { isBlueskyDid, parseBlueskyAccount } from '@byline/domain/social/bluesky-account';
import {
  BlueskyResolutionError,
  resolveDidWithDocument,
  resolveHandle,
  type BlueskySources,
} from '@byline/editorial/bluesky/bluesky-identity';
import { errorChain, UnsafeAddressError, type Outbound, type SafeFetch } from '@byline/fetcher';
import { signInFetch } from '../network-sign-in/network-sign-in';

type AtprotoOAuth = typeof import('@atproto/oauth-client-node');
let loaded: AtprotoOAuth | undefined;
/**
 * The client library, required on first use rather than imported: it takes half a second to load (three undici
 * copies among its dependencies), which every portal process and test would pay without signing anyone in.
 */
function atprotoOAuth(): AtprotoOAuth {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (loaded ??= require('@atproto/oauth-client-node') as AtprotoOAuth);
}

/** The path of the callback on the portal (the client's one redirect URI). */
export const BLUESKY_CALLBACK_PATH = '/profile/proofs/bluesky/callback';
/** Where a public portal serves its client metadata document: its address is the client id. */
export const BLUESKY_CLIENT_METADATA_PATH = '/oauth/bluesky/client-metadata.json';

/** Only the account's identity: `atproto` alone grants no access to its data beyond who it is. */
const SCOPE = 'atproto';

/**
 * Why a Bluesky sign-in proved nothing. `declined`: the account holder said no (access_denied) or left;
 * `refused`: the callback does not complete this sign-in (its code was refused, the issuer is not the account's);
 * `unavailable`: the account's server or its authorization server could not be used. The message is for the log:
 * never a code, token or key.
 */
export class BlueskySignInError extends Error {
  constructor(
    readonly kind: 'declined' | 'refused' | 'unavailable',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BlueskySignInError';
  }
}

/** What `begin` hands back: send the browser to `authorizationUrl`; keep the rest for the callback. */
export interface BlueskySignInStart {
  authorizationUrl: string;
  state: string;
  codeVerifier: string;
  /** The client's other state for the callback (issuer, DPoP key, auth method), JSON. */
  clientState: string;
}

export interface BlueskySignIn {
  /** Whether the portal can sign in with Bluesky: its address is https://, or a loopback one (blueskyClientMetadata). */
  readonly offered: boolean;
  /** The metadata document a public portal serves at BLUESKY_CLIENT_METADATA_PATH; null for a loopback client. */
  publishedMetadata(): OAuthClientMetadataInput | null;
  /** Starts a sign-in with the account `did` (the claim's). */
  begin(did: string): Promise<BlueskySignInStart>;
  /**
   * Completes it from the callback's query and what `begin` kept; answers the DID the authorization server issued
   * tokens for (`sub`), after the client checked that this server is the one that DID's PDS names. The tokens are
   * revoked before it answers: the proof needs nothing more from the account.
   */
  complete(query: URLSearchParams, kept: { state: string; codeVerifier: string; clientState: string }): Promise<string>;
}

/**
 * The client's metadata for the portal at `portalUrl`: a public https portal is a "discoverable" client whose id is
 * the address of its metadata document (served by the portal); a portal on a loopback address (development, tests)
 * is atproto's loopback client, `http://localhost?redirect_uri=…&scope=…`, which needs no document — its redirect
 * URI must then be on 127.0.0.1 or [::1] (a `localhost` portal is called back on 127.0.0.1). Null for any other
 * portal address (plain http on a name): no authorization server would accept it.
 */
export function blueskyClientMetadata(portalUrl: string): OAuthClientMetadataInput | null {
  const base = new URL(portalUrl);
  const origin = base.origin;
  if (base.protocol === 'https:')
    return {
      client_id: `${origin}${BLUESKY_CLIENT_METADATA_PATH}`,
      client_name: 'Byline',
      client_uri: origin,
      redirect_uris: [`${origin}${BLUESKY_CALLBACK_PATH}`],
      scope: SCOPE,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      application_type: 'web',
      dpop_bound_access_tokens: true,
    };
  const redirect = loopbackRedirectUri(base);
  return redirect ? atprotoOAuth().buildAtprotoLoopbackClientMetadata({ scope: SCOPE, redirect_uris: [redirect] }) : null;
}

/** The callback of a portal on a loopback address, on 127.0.0.1 for `localhost`; null for any other portal. */
function loopbackRedirectUri(base: URL): `http://127.0.0.1/${string}` | `http://[::1]${string}` | null {
  if (base.protocol !== 'http:' || !['127.0.0.1', '[::1]', 'localhost'].includes(base.hostname)) return null;
  const loopback = new URL(base.origin);
  if (base.hostname === 'localhost') loopback.hostname = '127.0.0.1';
  return `${loopback.origin}${BLUESKY_CALLBACK_PATH}` as `http://127.0.0.1/${string}`;
}

export interface BlueskySignInOptions {
  portalUrl: string;
  /** Where the authorization servers and PDSs may be reached (outboundOf(config)). */
  outbound: Outbound;
  /** Byline's own resolution of handles and DIDs (PLC at BLUESKY_PLC_URL, DNS_SERVERS, the SSRF-safe fetch). */
  sources: BlueskySources;
}

/**
 * "Sign in with Bluesky" through atproto OAuth (@atproto/oauth-client-node: PAR, DPoP, PKCE, and the check that
 * the token's `sub` is a DID whose PDS names the issuer). Every request the client makes — the PDS's resource
 * metadata, the authorization server's metadata, PAR, token and revocation — goes through the SSRF-safe fetch,
 * and every DID and handle it resolves is resolved by Byline's own resolution. A client is made for each call,
 * with a one-entry state store: what `begin` kept comes back to `complete` from the proof attempt, so any replica
 * can take the callback; sessions live in that call's memory only and are revoked at once.
 */
export function createBlueskySignIn({ portalUrl, outbound, sources }: BlueskySignInOptions): BlueskySignIn {
  const base = new URL(portalUrl);
  const offered = base.protocol === 'https:' || loopbackRedirectUri(base) !== null;
  let metadata: OAuthClientMetadataInput | null | undefined;
  const metadataNow = () => (metadata === undefined ? (metadata = blueskyClientMetadata(portalUrl)) : metadata);
  const fetch = requestFetch(signInFetch(outbound));
  // Plain http only where the operator listed private ranges (a test network, a PDS on the company network):
  // the fetch above still refuses it to any address outside them.
  const allowHttp = outbound.policy.allowedRanges.length > 0;
  const identityResolver = bylineIdentityResolver(sources);

  const clientWith = (stateStore: NodeOAuthClientOptions['stateStore']): NodeOAuthClient => {
    const { NodeOAuthClient, requestLocalLock } = atprotoOAuth();
    const metadata = metadataNow();
    if (!metadata)
      throw new BlueskySignInError('unavailable', `sign-in with Bluesky needs an https:// or loopback portal address`);
    const sessions = new Map<string, NodeSavedSession>();
    return new NodeOAuthClient({
      clientMetadata: metadata,
      responseMode: 'query',
      allowHttp,
      fetch,
      identityResolver,
      handleResolver: { resolve: async (handle) => asDid(await resolveHandle(sources, handle)) },
      requestLock: requestLocalLock,
      stateStore,
      sessionStore: {
        get: async (key) => sessions.get(key),
        set: async (key, value) => void sessions.set(key, value),
        del: async (key) => void sessions.delete(key),
      },
    });
  };

  return {
    offered,
    publishedMetadata: () => (base.protocol === 'https:' ? metadataNow() : null),

    async begin(did) {
      let saved: { state: string; value: NodeSavedState } | undefined;
      const client = clientWith({
        get: async () => undefined,
        set: async (state, value) => void (saved = { state, value }),
        del: async () => undefined,
      });
      const url = await client.authorize(did, { scope: SCOPE }).catch((error: unknown) => {
        throw classified(error, 'starting the sign-in');
      });
      if (!saved) throw new BlueskySignInError('unavailable', 'the client kept no state for the sign-in');
      const { verifier, ...rest } = saved.value;
      return { authorizationUrl: url.href, state: saved.state, codeVerifier: verifier, clientState: JSON.stringify(rest) };
    },

    async complete(query, kept) {
      if (query.get('state') !== kept.state)
        throw new BlueskySignInError('refused', 'the callback state is not the one this sign-in sent');
      const error = query.get('error');
      if (error)
        throw new BlueskySignInError(
          error === 'access_denied' ? 'declined' : 'refused',
          `the authorization server answered the sign-in with an error (${error.slice(0, 64)})`,
        );
      const value = { ...(JSON.parse(kept.clientState) as Omit<NodeSavedState, 'verifier'>), verifier: kept.codeVerifier };
      const client = clientWith({
        get: async (state) => (state === kept.state ? value : undefined),
        set: async () => undefined,
        del: async () => undefined,
      });
      const { session } = await client.callback(query).catch((error: unknown) => {
        throw classified(error, 'completing the sign-in');
      });
      const did = session.did;
      // The proof needs only the DID: the tokens are revoked now (they expire within minutes in any case).
      await session.signOut().catch(() => undefined);
      return did;
    },
  };
}

/** The client library calls its fetch with a Request; the SSRF-safe fetch takes an address and options. */
function requestFetch(fetch: SafeFetch): NonNullable<NodeOAuthClientOptions['fetch']> {
  return async (input: Request | string | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const body = request.body ? await request.arrayBuffer() : undefined;
    return fetch(request.url, {
      method: request.method,
      headers: Object.fromEntries(request.headers),
      body,
      // Never followed: an authorization server or PDS that redirects is answered as it answered.
      redirect: 'manual',
      signal: request.signal,
    });
  };
}

type IdentityResolver = NonNullable<NodeOAuthClientOptions['identityResolver']>;
type IdentityInfo = Awaited<ReturnType<IdentityResolver['resolve']>>;

const asDid = (did: string | null): `did:plc:${string}` | `did:web:${string}` | null =>
  did && isBlueskyDid(did) ? (did as `did:plc:${string}`) : null;

/**
 * The client's identity resolution done by Byline's: a DID's document from BLUESKY_PLC_URL (or did:web), its
 * handle only when that handle resolves back to it. The client reads the PDS from the document.
 */
function bylineIdentityResolver(sources: BlueskySources): IdentityResolver {
  return {
    async resolve(identifier) {
      const named = parseBlueskyAccount(identifier);
      const did = named.did ?? (await resolveHandle(sources, named.handle));
      if (!did) throw new BlueskyResolutionError(`handle ${named.handle} does not name an account`, false);
      const { account, document } = await resolveDidWithDocument(sources, did);
      return { did, didDoc: document, handle: account.handle ?? 'handle.invalid' } as unknown as IdentityInfo;
    },
  };
}

/** The client's failures as the three kinds the route tells apart. */
function classified(error: unknown, at: string): BlueskySignInError {
  if (error instanceof BlueskySignInError) return error;
  const chain = errorChain(error);
  const refusal = chain.find((cause) => cause instanceof UnsafeAddressError);
  if (refusal)
    return new BlueskySignInError('unavailable', `the account's server is at an address Byline does not connect to while ${at}`, {
      cause: refusal,
    });
  const { OAuthResponseError } = atprotoOAuth();
  const answer = chain.find((cause): cause is InstanceType<typeof OAuthResponseError> => cause instanceof OAuthResponseError);
  if (answer && answer.status < 500)
    return new BlueskySignInError('refused', `the authorization server refused (${answer.error ?? answer.status}) while ${at}`, {
      cause: error,
    });
  if (chain.some((cause) => cause instanceof Error && /issuer mismatch/i.test(cause.message)))
    return new BlueskySignInError('refused', `the issuer is not the one the account's PDS names while ${at}`, { cause: error });
  const resolution = chain.find((cause): cause is BlueskyResolutionError => cause instanceof BlueskyResolutionError);
  if (resolution && !resolution.unavailable)
    return new BlueskySignInError('refused', `Bluesky ${resolution.message} while ${at}`, { cause: error });
  const message = error instanceof Error ? error.message.slice(0, 200) : 'unknown failure';
  return new BlueskySignInError('unavailable', `the account's server could not be used while ${at} (${message})`, {
    cause: error,
  });
}

import * as client from 'openid-client';
import { InvalidHandleError, normalizeHandle } from '@byline/domain/social/social-handle';
import { type SocialType } from '@byline/domain/domain/types';
import { createSafeFetch, DEFAULT_OUTBOUND, UnsafeAddressError, type Outbound, type SafeFetch } from '@byline/fetcher';
import type { NetworkSignInConfig, SignInConfig } from './sign-in-config';
import { SignInAnswerError, SignInNotConfiguredError, SignInRefusedError, SignInUnavailableError } from './sign-in-errors';
import { tolerantTokenFetch } from './tolerant-token-fetch';

/** What `begin` hands back: send the browser to `authorizationUrl`, keep the rest for the callback (ProofAttempt). */
export interface SignInStart {
  authorizationUrl: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface SignInCallback {
  /**
   * The callback address as the provider called it, query included. Build it from the public portal address
   * (PUBLIC_PORTAL_URL) and the request's path and query, never from the Host header: its address without the
   * query must be the `redirectUri` given to `begin`.
   */
  callbackUrl: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The account the provider vouched for. There is no parameter for what the journalist typed: it is never used. */
export interface ProvenAccount {
  /** The provider's username, in the stored form (normalizeHandle). */
  username: string;
  /** The provider's stable account id. */
  subject: string;
  /** The issuer (OpenID Connect) or the origin of the authorization endpoint (OAuth 2.0), and the network's name. */
  provider: { id: string; name: string };
}

export interface NetworkSignIn {
  /** The networks that have a client id set, in the portal's order. */
  configuredNetworks(): SocialType[];
  isConfigured(network: SocialType): boolean;
  begin(network: SocialType, redirectUri: string): Promise<SignInStart>;
  complete(network: SocialType, callback: SignInCallback): Promise<ProvenAccount>;
}

export interface NetworkSignInOptions {
  /** Where the providers may be reached and how their names resolve (outboundOf(config)); public addresses by default. */
  outbound?: Outbound;
}

/**
 * "Sign in with the network" as a proof: the authorization code flow with PKCE (S256) always, `state` always
 * checked, and — for OpenID Connect providers — a nonce checked in the ID token. The handle and the account id
 * come from the provider's answer only. Each call discovers the provider afresh (sign-ins are rare, and a
 * provider that has gone away is then reported at once).
 */
export function createNetworkSignIn(
  config: SignInConfig,
  { outbound = DEFAULT_OUTBOUND }: NetworkSignInOptions = {},
): NetworkSignIn {
  const fetch = signInFetch(outbound);
  const settingsOf = (network: SocialType): NetworkSignInConfig => {
    const settings = config[network];
    if (!settings)
      throw new SignInNotConfiguredError(
        network,
        `sign-in with ${network} is not configured (SIGNIN_${network.toUpperCase()}_CLIENT_ID)`,
      );
    return settings;
  };
  const configurationOf = (settings: NetworkSignInConfig) => providerConfiguration(settings, fetch);

  return {
    configuredNetworks: () => (Object.keys(config) as SocialType[]).filter((network) => config[network]),
    isConfigured: (network) => Boolean(config[network]),

    async begin(network, redirectUri) {
      const settings = settingsOf(network);
      const configuration = await configurationOf(settings);
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: settings.scope,
        state,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      };
      if (settings.endpoints.kind === 'openid-connect') parameters.nonce = nonce;
      const authorizationUrl = client.buildAuthorizationUrl(configuration, parameters).href;
      return { authorizationUrl, state, nonce, codeVerifier };
    },

    async complete(network, callback) {
      const settings = settingsOf(network);
      const callbackUrl = checkedCallback(network, callback);
      const configuration = await configurationOf(settings);
      const oidc = settings.endpoints.kind === 'openid-connect';
      const tokens = await client
        .authorizationCodeGrant(configuration, callbackUrl, {
          pkceCodeVerifier: callback.codeVerifier,
          expectedState: callback.state,
          ...(oidc ? { expectedNonce: callback.nonce, idTokenExpected: true } : {}),
        })
        .catch((error: unknown) => {
          throw classified(network, 'token', error);
        });
      const claims = await answerOf(settings, configuration, tokens).catch((error: unknown) => {
        throw classified(network, 'account', error);
      });
      return provenAccount(settings, configuration, claims);
    },
  };
}

/**
 * The sign-in's outbound requests (discovery, token, userinfo), through the SSRF-safe fetch: https:// within the
 * outbound policy, plain http:// only to an address inside ALLOWED_PRIVATE_ADDRESSES whatever its host name —
 * checked on the connection itself, as every address is.
 */
export function signInFetch({ policy, resolve, ca }: Outbound): SafeFetch {
  const secure = createSafeFetch({ policy, resolve, ca });
  const plain = createSafeFetch({ policy: policy.listedOnly(), resolve });
  return (input, init) => (new URL(input).protocol === 'http:' ? plain : secure)(input, init);
}

/** Whether the settings name a plain http:// endpoint (start-up took it: ALLOWED_PRIVATE_ADDRESSES is set). */
function overPlainHttp({ endpoints }: NetworkSignInConfig): boolean {
  const urls =
    endpoints.kind === 'openid-connect'
      ? [endpoints.issuer]
      : [endpoints.authorizationUrl, endpoints.tokenUrl, endpoints.userinfoUrl];
  return urls.some((url) => new URL(url).protocol === 'http:');
}

async function providerConfiguration(settings: NetworkSignInConfig, fetch: SafeFetch): Promise<client.Configuration> {
  const { endpoints, clientId, clientSecret } = settings;
  // openid-client refuses http:// endpoints unless told otherwise; the fetch above still confines them.
  const insecure = overPlainHttp(settings);
  const authentication =
    settings.tokenAuth === 'client_secret_basic' ? client.ClientSecretBasic(clientSecret) : client.ClientSecretPost(clientSecret);
  let tokenEndpoint: string | undefined = endpoints.kind === 'oauth2' ? endpoints.tokenUrl : undefined;
  const customFetch = tolerantTokenFetch(fetch, () => tokenEndpoint) as unknown as client.CustomFetch;
  let configuration: client.Configuration;
  if (endpoints.kind === 'openid-connect') {
    configuration = await client
      .discovery(new URL(endpoints.issuer), clientId, undefined, authentication, {
        [client.customFetch]: customFetch,
        execute: insecure ? [client.allowInsecureRequests] : [],
        timeout: 10,
      })
      .catch((error: unknown) => {
        throw classified(settings.network, 'discovery', error);
      });
    tokenEndpoint = configuration.serverMetadata().token_endpoint;
  } else {
    const server: client.ServerMetadata = {
      issuer: new URL(endpoints.authorizationUrl).origin,
      authorization_endpoint: endpoints.authorizationUrl,
      token_endpoint: endpoints.tokenUrl,
    };
    configuration = new client.Configuration(server, clientId, undefined, authentication);
    configuration[client.customFetch] = customFetch;
    configuration.timeout = 10;
    if (insecure) client.allowInsecureRequests(configuration);
  }
  return configuration;
}

/** The callback as a URL, once its `state` is this attempt's and it carries a code rather than an error. */
function checkedCallback(network: SocialType, callback: SignInCallback): URL {
  let url: URL;
  try {
    url = new URL(callback.callbackUrl);
  } catch {
    throw new SignInRefusedError(network, 'no-code', 'the callback address is not a URL');
  }
  const { searchParams: query } = url;
  if (query.get('state') !== callback.state)
    throw new SignInRefusedError(network, 'state-mismatch', 'the callback state is not the one this sign-in sent');
  const error = query.get('error');
  if (error === 'access_denied')
    throw new SignInRefusedError(network, 'access-denied', 'the account holder declined (access_denied)');
  if (error)
    throw new SignInRefusedError(
      network,
      'provider-error',
      `the provider answered the sign-in with an error (${error.slice(0, 64)})`,
    );
  if (!query.get('code')) throw new SignInRefusedError(network, 'no-code', 'the callback carries no authorization code');
  return url;
}

type Tokens = Awaited<ReturnType<typeof client.authorizationCodeGrant>>;

/** OpenID Connect: the ID token's claims with the userinfo answer (same `sub`, checked). OAuth 2.0: the user endpoint's JSON. */
async function answerOf(settings: NetworkSignInConfig, configuration: client.Configuration, tokens: Tokens): Promise<unknown> {
  if (settings.endpoints.kind === 'openid-connect') {
    const idClaims = tokens.claims();
    if (!idClaims) throw new SignInAnswerError(settings.network, 'the provider sent no ID token');
    if (!configuration.serverMetadata().userinfo_endpoint) return idClaims;
    const userinfo = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
    return { ...idClaims, ...userinfo };
  }
  const response = await client.fetchProtectedResource(
    configuration,
    tokens.access_token,
    new URL(settings.endpoints.userinfoUrl),
    'GET',
  );
  if (response.status >= 500)
    throw new SignInUnavailableError(settings.network, `the user endpoint answered HTTP ${response.status}`);
  if (response.status !== 200)
    throw new SignInAnswerError(settings.network, `the user endpoint answered HTTP ${response.status}`);
  try {
    return await response.json();
  } catch (error) {
    throw new SignInAnswerError(settings.network, 'the user endpoint did not answer JSON', { cause: error });
  }
}

function provenAccount(settings: NetworkSignInConfig, configuration: client.Configuration, answer: unknown): ProvenAccount {
  const { network } = settings;
  const subject = claimAt(answer, settings.subjectClaim);
  if (typeof subject !== 'string' && typeof subject !== 'number')
    throw new SignInAnswerError(network, `the provider's answer has no account id at "${settings.subjectClaim}"`);
  const raw = claimAt(answer, settings.usernameClaim);
  if (typeof raw !== 'string' || !raw.trim())
    throw new SignInAnswerError(network, `the provider's answer has no username at "${settings.usernameClaim}"`);
  // The provider names its own user: a bare username, never an address to be taken apart.
  if (/[/:\s]/.test(raw.trim())) throw new SignInAnswerError(network, `the provider's username is not a bare username`);
  let username: string;
  try {
    // The network gave this name out, maybe under older rules (an X name over 15 characters): the `known` rule.
    username = normalizeHandle(network, raw, 'known');
  } catch (error) {
    if (error instanceof InvalidHandleError)
      throw new SignInAnswerError(network, `the provider's username ${error.message}`, { cause: error });
    throw error;
  }
  const id =
    settings.endpoints.kind === 'openid-connect'
      ? configuration.serverMetadata().issuer
      : new URL(settings.endpoints.authorizationUrl).origin;
  return { username, subject: String(subject), provider: { id, name: settings.name } };
}

/** The value at a dotted path (`data.username`) of a JSON answer. */
function claimAt(answer: unknown, path: string): unknown {
  let value = answer;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

type Stage = 'discovery' | 'token' | 'account';

/** openid-client's and the fetch's failures, as the three kinds the route tells apart. */
function classified(network: SocialType, stage: Stage, error: unknown): Error {
  if (error instanceof SignInAnswerError || error instanceof SignInUnavailableError || error instanceof SignInRefusedError)
    return error;
  const at = { discovery: 'discovering the provider', token: 'exchanging the code', account: 'reading the account' }[stage];
  const unavailable = (why: string, cause = error) => new SignInUnavailableError(network, `${why} while ${at}`, { cause });
  const refusal = causes(error).find((cause) => cause instanceof UnsafeAddressError);
  if (refusal) return unavailable('the provider is at an address Byline does not connect to', refusal);
  if (error instanceof client.ResponseBodyError) {
    // An OAuth error answer: the code was used, expired or belongs to another client; or Byline's client is refused.
    if (error.status >= 500) return unavailable(`the provider answered HTTP ${error.status} (${error.error})`);
    if (error.error === 'invalid_grant')
      return new SignInRefusedError(
        network,
        'invalid-grant',
        'the provider refused the code (invalid_grant: used, expired or not issued for this sign-in)',
        { cause: error },
      );
    return unavailable(`the provider refused Byline's request (${error.error})`);
  }
  if (error instanceof client.ClientError) {
    const status = (error.cause as { status?: unknown } | undefined)?.status;
    if (
      error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' ||
      error.code === 'OAUTH_RESPONSE_IS_NOT_JSON' ||
      error.code === 'OAUTH_TIMEOUT' ||
      error.code === 'OAUTH_ABORT'
    )
      return unavailable(`the provider did not answer usably (${typeof status === 'number' ? `HTTP ${status}` : error.message})`);
    if (stage === 'discovery') return unavailable(`discovery failed (${error.message})`);
    if (causes(error).some((cause) => (cause as { claim?: unknown } | null)?.claim === 'nonce'))
      return new SignInRefusedError(network, 'nonce-mismatch', 'the ID token was not issued for this sign-in (nonce)', {
        cause: error,
      });
    return new SignInAnswerError(network, `the provider's answer failed its checks (${error.message})`, { cause: error });
  }
  if (error instanceof client.WWWAuthenticateChallengeError)
    return new SignInAnswerError(network, `the provider refused its own access token (HTTP ${error.status})`, { cause: error });
  if (error instanceof client.AuthorizationResponseError)
    return new SignInRefusedError(network, 'provider-error', `the provider answered the sign-in with an error (${error.error})`, {
      cause: error,
    });
  // Connection refused or reset, a name that does not resolve, a timeout in the fetch itself.
  return unavailable('the provider could not be reached');
}

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let cause = error; cause !== undefined && chain.length < 10; cause = (cause as { cause?: unknown }).cause) {
    chain.push(cause);
    if (typeof cause !== 'object' || cause === null) break;
  }
  return chain;
}

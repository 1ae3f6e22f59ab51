import net from 'node:net';
import Joi from 'joi';
import { ConfigError } from '@byline/domain/config/config';
import { type SocialType } from '@byline/domain/domain/types';
import { AddressPolicy } from '@byline/fetcher';

/**
 * "Sign in with the network" settings, one set per network, read from the environment at start-up:
 *
 *   SIGNIN_<NETWORK>_CLIENT_ID, SIGNIN_<NETWORK>_CLIENT_SECRET      the app registered with the network
 *   SIGNIN_<NETWORK>_ISSUER                                          an OpenID Connect issuer (discovery), or
 *   SIGNIN_<NETWORK>_AUTHORIZATION_URL, _TOKEN_URL, _USERINFO_URL    plain OAuth 2.0 endpoints (all three)
 *   SIGNIN_<NETWORK>_SCOPE, _USERNAME_CLAIM, _SUBJECT_CLAIM, _TOKEN_AUTH
 *
 * NETWORK is TWITTER, LINKEDIN, FACEBOOK or INSTAGRAM. The addresses are https://, or http:// for a host inside
 * ALLOWED_PRIVATE_ADDRESSES (an identity provider on the company network, or a test's): an IP address is checked
 * here, a host name on every connection (network-sign-in.ts). A network without a client id is not configured: the
 * portal says so and offers the other proofs. Without endpoint settings the network's real endpoints are used
 * (below); with them, nothing of the network's defaults is assumed but its name.
 *
 * What each network really answers, and so what it can prove (checked against the providers' documentation):
 * - X (OAuth 2.0, no OpenID Connect): GET /2/users/me answers { data: { id, name, username } }. `username` is
 *   the @handle and `id` the stable account id: X proves a handle.
 * - Instagram (Instagram API with Instagram Login): GET graph.instagram.com/me?fields=user_id,username answers
 *   the @handle and the account id. Only professional (business and creator) accounts can sign in this way;
 *   Instagram's login for personal accounts (Basic Display API) was shut down in December 2024. The token
 *   endpoint's answer has no `token_type`, which the client tolerates.
 * - LinkedIn (OpenID Connect, issuer https://www.linkedin.com/oauth): the answer holds `sub`, names, picture,
 *   locale and email, but not the public profile name (the "vanity name" of linkedin.com/in/NAME), which only
 *   partner programmes can read. LinkedIn sign-in therefore cannot prove a handle unless
 *   SIGNIN_LINKEDIN_USERNAME_CLAIM names a claim that holds it; start-up refuses a LinkedIn set-up without it.
 * - Facebook (OAuth 2.0): Graph `/me` answers an app-scoped `id` and the name; `username` was removed from the
 *   Graph API in 2014 and `link` (with the user_link permission) is an app-scoped address, not the profile's
 *   public name. Facebook sign-in therefore cannot prove a handle unless SIGNIN_FACEBOOK_USERNAME_CLAIM names a
 *   claim that holds it; start-up refuses a Facebook set-up without it.
 * The username is only ever taken from the provider's answer, never from what the journalist typed.
 */

export const SIGN_IN_NETWORKS: readonly SocialType[] = ['twitter', 'linkedin', 'facebook', 'instagram'];

export type TokenAuthMethod = 'client_secret_basic' | 'client_secret_post';

export type ProviderEndpoints =
  | { kind: 'openid-connect'; issuer: string }
  | { kind: 'oauth2'; authorizationUrl: string; tokenUrl: string; userinfoUrl: string };

export interface NetworkSignInConfig {
  network: SocialType;
  /** The network as people name it: X, LinkedIn, Facebook, Instagram. */
  name: string;
  clientId: string;
  /** Never logged. */
  clientSecret: string;
  endpoints: ProviderEndpoints;
  scope: string;
  /** A dotted path into the provider's answer (ID token claims and userinfo, or the user endpoint's JSON). */
  usernameClaim: string;
  subjectClaim: string;
  tokenAuth: TokenAuthMethod;
}

/** The configured networks only. */
export type SignInConfig = Partial<Record<SocialType, NetworkSignInConfig>>;

interface NetworkDefaults {
  name: string;
  endpoints: ProviderEndpoints;
  scope: string;
  /** Absent where the network's answer holds no handle (see above). */
  usernameClaim?: string;
  subjectClaim: string;
  tokenAuth: TokenAuthMethod;
}

const NETWORK_DEFAULTS: Record<SocialType, NetworkDefaults> = {
  twitter: {
    name: 'X',
    endpoints: {
      kind: 'oauth2',
      authorizationUrl: 'https://x.com/i/oauth2/authorize',
      tokenUrl: 'https://api.x.com/2/oauth2/token',
      userinfoUrl: 'https://api.x.com/2/users/me',
    },
    scope: 'users.read tweet.read',
    usernameClaim: 'data.username',
    subjectClaim: 'data.id',
    // X's confidential clients must authenticate with HTTP Basic.
    tokenAuth: 'client_secret_basic',
  },
  linkedin: {
    name: 'LinkedIn',
    endpoints: { kind: 'openid-connect', issuer: 'https://www.linkedin.com/oauth' },
    scope: 'openid profile',
    subjectClaim: 'sub',
    tokenAuth: 'client_secret_post',
  },
  facebook: {
    name: 'Facebook',
    endpoints: {
      kind: 'oauth2',
      authorizationUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
      tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
      userinfoUrl: 'https://graph.facebook.com/me?fields=id,name,link',
    },
    scope: 'public_profile',
    subjectClaim: 'id',
    tokenAuth: 'client_secret_post',
  },
  instagram: {
    name: 'Instagram',
    endpoints: {
      kind: 'oauth2',
      authorizationUrl: 'https://www.instagram.com/oauth/authorize',
      tokenUrl: 'https://api.instagram.com/oauth/access_token',
      userinfoUrl: 'https://graph.instagram.com/me?fields=user_id,username',
    },
    scope: 'instagram_business_basic',
    usernameClaim: 'username',
    subjectClaim: 'user_id',
    tokenAuth: 'client_secret_post',
  },
};

const CLAIM_PATH = Joi.string()
  .trim()
  .pattern(/^[A-Za-z0-9_:-]+(\.[A-Za-z0-9_:-]+)*$/, 'a claim name or a dotted path such as data.username')
  .empty('');

const prefixOf = (network: SocialType) => `SIGNIN_${network.toUpperCase()}_`;

/** An https:// address, or http:// where the policy lists ranges and the host is not an address outside them. */
function endpointUrl(policy: AddressPolicy): Joi.StringSchema {
  return Joi.string()
    .trim()
    .uri({ scheme: ['https', 'http'] })
    .custom((value: string, helpers) => {
      const url = new URL(value);
      if (url.protocol === 'https:') return value;
      const host = url.hostname.replace(/^\[|\]$/g, '');
      const listedOrName = net.isIP(host) ? policy.isListed(host) : policy.allowedRanges.length > 0;
      return listedOrName ? value : helpers.error('url.insecure');
    })
    .messages({
      'string.uriCustomScheme': '{{#label}} must be an https:// address',
      'url.insecure': '{{#label}} must be an https:// address (http:// only for a host inside ALLOWED_PRIVATE_ADDRESSES)',
    })
    .empty('');
}

function networkSchema(network: SocialType, policy: AddressPolicy): Joi.ObjectSchema {
  const p = prefixOf(network);
  const url = endpointUrl(policy);
  const endpointKeys = [`${p}AUTHORIZATION_URL`, `${p}TOKEN_URL`, `${p}USERINFO_URL`];
  return Joi.object({
    [`${p}CLIENT_ID`]: Joi.string().trim().empty(''),
    [`${p}CLIENT_SECRET`]: Joi.string().empty('').when(`${p}CLIENT_ID`, { is: Joi.exist(), then: Joi.required() }),
    [`${p}ISSUER`]: url,
    [`${p}AUTHORIZATION_URL`]: url,
    [`${p}TOKEN_URL`]: url,
    [`${p}USERINFO_URL`]: url,
    [`${p}SCOPE`]: Joi.string().trim().empty(''),
    [`${p}USERNAME_CLAIM`]: CLAIM_PATH,
    [`${p}SUBJECT_CLAIM`]: CLAIM_PATH,
    [`${p}TOKEN_AUTH`]: Joi.string().valid('client_secret_basic', 'client_secret_post').empty(''),
  })
    .unknown(true)
    .and(...endpointKeys)
    .without(`${p}ISSUER`, endpointKeys)
    .label('environment');
}

/**
 * Reads the networks' sign-in settings; a bad or incomplete one throws ConfigError naming the variable. `policy`
 * is the outbound address policy (addressPolicyOf(config)): its listed ranges are where http:// is accepted.
 */
export function loadSignInConfig(
  env: NodeJS.ProcessEnv = process.env,
  policy: AddressPolicy = AddressPolicy.DEFAULT,
): SignInConfig {
  const problems: string[] = [];
  const config: SignInConfig = {};
  for (const network of SIGN_IN_NETWORKS) {
    const { value, error } = networkSchema(network, policy).validate(env, { abortEarly: false, convert: true });
    if (error) {
      problems.push(...error.details.map((detail) => detail.message));
      continue;
    }
    const result = networkConfig(network, value as Record<string, string | undefined>);
    if (typeof result === 'string') problems.push(result);
    else if (result) config[network] = result;
  }
  if (problems.length) throw new ConfigError(problems);
  return config;
}

function networkConfig(network: SocialType, env: Record<string, string | undefined>): NetworkSignInConfig | string | null {
  const p = prefixOf(network);
  const setting = (name: string) => env[`${p}${name}`];
  const clientId = setting('CLIENT_ID');
  if (!clientId) {
    const stray = Object.keys(env).find((key) => key.startsWith(p) && env[key]);
    return stray ? `"${stray}" is set but "${p}CLIENT_ID" is not: set both, or neither` : null;
  }
  const defaults = NETWORK_DEFAULTS[network];
  const issuer = setting('ISSUER');
  const authorizationUrl = setting('AUTHORIZATION_URL');
  const endpoints: ProviderEndpoints = issuer
    ? { kind: 'openid-connect', issuer }
    : authorizationUrl
      ? { kind: 'oauth2', authorizationUrl, tokenUrl: setting('TOKEN_URL')!, userinfoUrl: setting('USERINFO_URL')! }
      : defaults.endpoints;
  // The network's own scope and claims describe its own endpoints; pointed elsewhere, OpenID Connect's standard ones.
  const own = endpoints === defaults.endpoints;
  const scope = setting('SCOPE') ?? (own ? defaults.scope : endpoints.kind === 'openid-connect' ? 'openid profile' : undefined);
  if (!scope) return `"${p}SCOPE" is required with "${p}AUTHORIZATION_URL"`;
  if (endpoints.kind === 'openid-connect' && !scope.split(/\s+/).includes('openid'))
    return `"${p}SCOPE" must include openid with "${p}ISSUER" (OpenID Connect)`;
  const usernameClaim =
    setting('USERNAME_CLAIM') ??
    (own ? defaults.usernameClaim : endpoints.kind === 'openid-connect' ? 'preferred_username' : undefined);
  if (!usernameClaim)
    return own
      ? `"${p}USERNAME_CLAIM" is required: ${defaults.name}'s sign-in answer holds no public username, so it cannot prove a handle without a claim that does`
      : `"${p}USERNAME_CLAIM" is required with "${p}AUTHORIZATION_URL"`;
  if (network === 'facebook' && usernameClaim === 'id')
    return `"${p}USERNAME_CLAIM" cannot be id: Facebook's id is scoped to the app, not the profile's public id`;
  return {
    network,
    name: defaults.name,
    clientId,
    clientSecret: setting('CLIENT_SECRET')!,
    endpoints,
    scope,
    usernameClaim,
    subjectClaim: setting('SUBJECT_CLAIM') ?? (own ? defaults.subjectClaim : 'sub'),
    tokenAuth: (setting('TOKEN_AUTH') as TokenAuthMethod | undefined) ?? defaults.tokenAuth,
  };
}

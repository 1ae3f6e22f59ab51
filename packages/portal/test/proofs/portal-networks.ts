/**
 * The four networks played by real OpenID providers on loopback (oidc-provider), each answering as the network
 * does (see sign-in-config.ts), and a portal whose "sign in with the network" uses them. The portal's public
 * address is http://portal.test: the providers send the browser back there, and a test requests the callback's
 * path and query from the app in-process, as the browser would.
 */
import type { SocialType } from '@byline/domain/domain/types';
import type { Outbound } from '@byline/fetcher';
import {
  loopbackOutbound,
  startOidcProvider,
  type StoreFactory,
  type TestProvider,
  type TestProviderOptions,
} from '@byline/test-support';
import { createNetworkSignIn } from '../../src/proofs/network-sign-in/network-sign-in';
import { loadSignInConfig } from '../../src/proofs/network-sign-in/sign-in-config';
import type { PortalDeps } from '../../src/deps';
import { csrfFrom, startPortal, type Agent } from '../support/portal-harness';

export const PORTAL_URL = 'http://portal.test';
export const PUBLIC_URLS = {
  portal: PORTAL_URL,
  articleVerifier: 'http://verify.test',
  journalistVerifier: 'http://journalists.test',
};

export interface NetworkCase {
  network: SocialType;
  name: string;
  /** What the journalist types in the form, and the provider's username for the `niamh` account. */
  username: string;
  /** The provider's username for the `other` account. */
  otherUsername: string;
  provider: Omit<TestProviderOptions, 'redirectUris' | 'accounts'>;
  settings: (provider: TestProvider) => Record<string, string>;
}

export const NETWORKS: Record<SocialType, NetworkCase> = {
  twitter: {
    network: 'twitter',
    name: 'X',
    username: 'NiamhCass94',
    otherUsername: 'someone_else',
    provider: {
      scopes: ['users.read', 'tweet.read'],
      tokenEndpointAuthMethod: 'client_secret_basic',
      userEndpoint: {
        path: '/2/users/me',
        body: (a) => ({ data: { id: a.sub, name: 'Niamh', username: a.preferred_username } }),
      },
    },
    settings: (p) => ({
      AUTHORIZATION_URL: p.authorizationUrl,
      TOKEN_URL: p.tokenUrl,
      USERINFO_URL: p.url('/2/users/me'),
      SCOPE: 'users.read tweet.read',
      USERNAME_CLAIM: 'data.username',
      SUBJECT_CLAIM: 'data.id',
      TOKEN_AUTH: 'client_secret_basic',
    }),
  },
  linkedin: {
    network: 'linkedin',
    name: 'LinkedIn',
    username: 'niamh-cassidy-galway',
    otherUsername: 'someone-else-1',
    provider: { tokenEndpointAuthMethod: 'client_secret_post', tokenAnswer: 'without-token-type' },
    settings: (p) => ({ ISSUER: p.issuer, USERNAME_CLAIM: 'preferred_username' }),
  },
  facebook: {
    network: 'facebook',
    name: 'Facebook',
    username: 'niamh.cassidy.journalist',
    otherUsername: 'someone.else',
    provider: {
      scopes: ['public_profile'],
      tokenEndpointAuthMethod: 'client_secret_post',
      userEndpoint: { path: '/v19.0/me', body: (a) => ({ id: a.sub, name: 'Niamh', username: a.preferred_username }) },
    },
    settings: (p) => ({
      AUTHORIZATION_URL: p.authorizationUrl,
      TOKEN_URL: p.tokenUrl,
      USERINFO_URL: p.url('/v19.0/me'),
      SCOPE: 'public_profile',
      USERNAME_CLAIM: 'username',
      SUBJECT_CLAIM: 'id',
    }),
  },
  instagram: {
    network: 'instagram',
    name: 'Instagram',
    username: 'niamh.writes',
    otherUsername: 'someone_else',
    provider: {
      scopes: ['instagram_business_basic'],
      tokenEndpointAuthMethod: 'client_secret_post',
      tokenAnswer: 'wrapped-in-data',
      // Instagram's documented token answer is wrapped in data[], without token_type; its user has an app-scoped id too.
      userEndpoint: {
        path: '/me-instagram',
        body: (a) => ({ user_id: a.sub, username: a.preferred_username, id: `app-${a.sub}` }),
      },
    },
    settings: (p) => ({
      AUTHORIZATION_URL: p.authorizationUrl,
      TOKEN_URL: p.tokenUrl,
      USERINFO_URL: p.url('/me-instagram?fields=user_id,username'),
      SCOPE: 'instagram_business_basic',
      USERNAME_CLAIM: 'username',
      SUBJECT_CLAIM: 'user_id',
    }),
  },
};

export const callbackUri = (network: SocialType) => `${PORTAL_URL}/profile/proofs/callback/${network}`;

/** The provider of one network, with the accounts `niamh` and `other`. */
export function startNetworkProvider(entry: NetworkCase): Promise<TestProvider> {
  return startOidcProvider({
    redirectUris: [callbackUri(entry.network)],
    accounts: {
      niamh: { sub: `${entry.network}-1001`, preferred_username: entry.username },
      other: { sub: `${entry.network}-2002`, preferred_username: entry.otherUsername },
    },
    ...entry.provider,
  });
}

/** SIGNIN_* settings of the networks given, as main reads them from the environment. */
export function signInEnv(providers: Partial<Record<SocialType, TestProvider>>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [network, provider] of Object.entries(providers) as [SocialType, TestProvider][]) {
    const prefix = `SIGNIN_${network.toUpperCase()}_`;
    const settings = {
      CLIENT_ID: provider.clientId,
      CLIENT_SECRET: provider.clientSecret,
      ...NETWORKS[network].settings(provider),
    };
    for (const [key, value] of Object.entries(settings)) env[`${prefix}${key}`] = value;
  }
  return env;
}

/**
 * Sign-in as the portal builds it from these settings and the outbound configuration: by default
 * ALLOWED_PRIVATE_ADDRESSES lists loopback, where the test providers answer over http.
 */
export function networkSignInFor(env: NodeJS.ProcessEnv, outbound: Outbound = loopbackOutbound()) {
  return createNetworkSignIn(loadSignInConfig(env, outbound.policy), { outbound });
}

/** A portal on the store whose sign-in uses these providers (on loopback, which ALLOWED_PRIVATE_ADDRESSES lists). */
export function portalWithNetworks(
  factory: StoreFactory,
  providers: Partial<Record<SocialType, TestProvider>>,
  overrides: Partial<PortalDeps> = {},
) {
  const networkSignIn = networkSignInFor(signInEnv(providers));
  return startPortal(factory, { publicUrls: PUBLIC_URLS, networkSignIn, ...overrides });
}

/** "Sign in with …" on the profile page: the page that goes on to the provider, and the address it goes to. */
export async function pressSignIn(agent: Agent, network: SocialType) {
  const profile = await agent.get('/profile');
  const res = await agent
    .post(`/profile/proofs/${network}/start`)
    .type('form')
    .send({ _csrf: csrfFrom(profile.text) });
  const href = /<a class="button" id="continue" href="([^"]+)"/.exec(res.text)?.[1];
  return { res, authorizationUrl: href ? unescapeHtml(href) : null };
}

const unescapeHtml = (text: string) =>
  text.replace(
    /&(amp|quot|#39|lt|gt|#96);/g,
    (_m, name: string) => ({ amp: '&', quot: '"', '#39': "'", lt: '<', gt: '>', '#96': '`' })[name]!,
  );

/** The callback the provider sent the browser to, requested from the portal as the browser would (path and query). */
export function followCallback(agent: Agent, callbackUrl: string) {
  const url = new URL(callbackUrl);
  if (url.origin !== PORTAL_URL) throw new Error(`the provider sent the browser elsewhere: ${callbackUrl}`);
  return agent.get(url.pathname + url.search);
}

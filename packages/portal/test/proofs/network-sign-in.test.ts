/**
 * "Sign in with the network" against a real OpenID provider on loopback (oidc-provider) playing each network:
 * its endpoints, its answer's shape, its token-answer quirks. No mocks: openid-client talks plain HTTP to the
 * provider through the SSRF-safe fetch, configured as an operator would (ALLOWED_PRIVATE_ADDRESSES lists loopback),
 * and the provider's own sign-in and consent pages are driven over HTTP.
 */
import { loadConfig } from '@byline/domain/config/config';
import { type SocialType } from '@byline/domain/domain/types';
import { addressPolicyOf, UnsafeAddressError, type Resolver } from '@byline/fetcher';
import { startOidcProvider, type TestProvider, type TestProviderOptions } from '@byline/test-support';
import { networkSignInFor, NETWORKS as PORTAL_NETWORKS } from './portal-networks';
import { createNetworkSignIn, type NetworkSignIn } from '../../src/proofs/network-sign-in/network-sign-in';
import { loadSignInConfig } from '../../src/proofs/network-sign-in/sign-in-config';
import {
  SignInAnswerError,
  SignInNotConfiguredError,
  SignInRefusedError,
  SignInUnavailableError,
} from '../../src/proofs/network-sign-in/sign-in-errors';

const REDIRECT_URI = 'http://portal.test/profile/proofs/callback';

/** Each network as it really answers (see sign-in-config.ts), on the test provider; only LinkedIn speaks OpenID Connect. */
const NETWORKS = Object.values(PORTAL_NETWORKS).map((entry) => ({ ...entry, openIdConnect: entry.network === 'linkedin' }));
type NetworkCase = (typeof NETWORKS)[number];

function accountsFor(entry: NetworkCase) {
  return {
    niamh: { sub: `${entry.network}-1001`, preferred_username: entry.username },
    other: { sub: `${entry.network}-2002`, preferred_username: entry.otherUsername },
    spaced: { sub: `${entry.network}-3003`, preferred_username: 'not a handle' },
  };
}

async function startNetwork(entry: NetworkCase, extra: Partial<TestProviderOptions> = {}) {
  const provider = await startOidcProvider({
    redirectUris: [REDIRECT_URI],
    accounts: accountsFor(entry),
    ...entry.provider,
    ...extra,
  });
  const env = envFor(entry, provider);
  return { provider, signIn: networkSignInFor(env), env };
}

function envFor(entry: NetworkCase, provider: TestProvider, overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  const prefix = `SIGNIN_${entry.network.toUpperCase()}_`;
  const settings = {
    CLIENT_ID: provider.clientId,
    CLIENT_SECRET: provider.clientSecret,
    ...entry.settings(provider),
    ...overrides,
  };
  return Object.fromEntries(Object.entries(settings).map(([key, value]) => [`${prefix}${key}`, value]));
}

/** begin → the provider's pages, signed in as `login` → the values the callback route would have. */
async function signInAs(signIn: NetworkSignIn, provider: TestProvider, network: SocialType, login: string) {
  const start = await signIn.begin(network, REDIRECT_URI);
  const callbackUrl = await provider.signIn(start.authorizationUrl, login);
  return { start, callback: { callbackUrl, state: start.state, nonce: start.nonce, codeVerifier: start.codeVerifier } };
}

const refused = (reason: string) => expect.objectContaining({ constructor: SignInRefusedError, reason });

describe.each(NETWORKS)('sign in with $name', (entry) => {
  const { network } = entry;
  let provider: TestProvider;
  let signIn: NetworkSignIn;
  beforeAll(async () => {
    ({ provider, signIn } = await startNetwork(entry));
  });
  afterAll(() => provider.stop());

  it('proves the username and account id the provider answers', async () => {
    const { start, callback } = await signInAs(signIn, provider, network, 'niamh');
    const authorization = new URL(start.authorizationUrl);
    expect(authorization.origin + authorization.pathname).toBe(provider.authorizationUrl);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: provider.clientId,
      redirect_uri: REDIRECT_URI,
      state: start.state,
      code_challenge_method: 'S256',
    });
    expect(authorization.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorization.searchParams.get('nonce')).toBe(entry.openIdConnect ? start.nonce : null);
    expect(new URL(callback.callbackUrl).searchParams.get('code')).toBeTruthy();

    await expect(signIn.complete(network, callback)).resolves.toEqual({
      username: entry.username,
      subject: `${network}-1001`,
      provider: { id: provider.issuer, name: entry.name },
    });
  });

  it('answers the provider’s username when the journalist claimed another: the form’s value is never used', async () => {
    // The journalist typed NiamhCass94-like handle in the form but signed in to another account.
    const { callback } = await signInAs(signIn, provider, network, 'other');
    const withClaim = { ...callback, claimedValue: entry.username, username: entry.username };
    const account = await signIn.complete(network, withClaim);
    expect(account.username).toBe(accountsFor(entry).other.preferred_username);
    expect(account.username).not.toBe(entry.username);
    expect(account.subject).toBe(`${network}-2002`);
  });

  it('refuses a callback whose state is not this sign-in’s', async () => {
    const first = await signInAs(signIn, provider, network, 'niamh');
    const second = await signIn.begin(network, REDIRECT_URI);
    // The callback of the first sign-in, completed with the second one's stored values (another tab, a forged link).
    const crossed = { ...first.callback, state: second.state, nonce: second.nonce, codeVerifier: second.codeVerifier };
    await expect(signIn.complete(network, crossed)).rejects.toEqual(refused('state-mismatch'));
    const tampered = new URL(first.callback.callbackUrl);
    tampered.searchParams.set('state', 'forged');
    await expect(signIn.complete(network, { ...first.callback, callbackUrl: tampered.href })).rejects.toEqual(
      refused('state-mismatch'),
    );
  });

  it('refuses a replayed callback: the provider takes a code once', async () => {
    const { callback } = await signInAs(signIn, provider, network, 'niamh');
    await expect(signIn.complete(network, callback)).resolves.toMatchObject({ username: entry.username });
    await expect(signIn.complete(network, callback)).rejects.toEqual(refused('invalid-grant'));
  });

  it('refuses a code sent without its PKCE verifier', async () => {
    const { callback } = await signInAs(signIn, provider, network, 'niamh');
    const other = await signIn.begin(network, REDIRECT_URI);
    await expect(signIn.complete(network, { ...callback, codeVerifier: other.codeVerifier })).rejects.toEqual(
      refused('invalid-grant'),
    );
  });

  it('refuses when the journalist declines on the provider’s page', async () => {
    const start = await signIn.begin(network, REDIRECT_URI);
    const callbackUrl = await provider.signIn(start.authorizationUrl, 'niamh', { decision: 'deny' });
    expect(new URL(callbackUrl).searchParams.get('error')).toBe('access_denied');
    await expect(signIn.complete(network, { callbackUrl, ...start })).rejects.toEqual(refused('access-denied'));
  });

  it('refuses a username the network’s rules do not allow, whatever the provider says', async () => {
    const { callback } = await signInAs(signIn, provider, network, 'spaced');
    await expect(signIn.complete(network, callback)).rejects.toBeInstanceOf(SignInAnswerError);
  });

  it('refuses an answer without a username where the settings say it is', async () => {
    const missing = networkSignInFor(envFor(entry, provider, { USERNAME_CLAIM: 'data.handle' }));
    const { callback } = await signInAs(missing, provider, network, 'niamh');
    await expect(missing.complete(network, callback)).rejects.toThrow(
      expect.objectContaining({
        constructor: SignInAnswerError,
        message: expect.stringContaining('no username at "data.handle"'),
      }),
    );
  });

  it('says the provider is not answering when it is down at the callback', async () => {
    const { provider: down, signIn: downSignIn } = await startNetwork(entry);
    const { callback } = await signInAs(downSignIn, down, network, 'niamh');
    await down.stop();
    await expect(downSignIn.complete(network, callback)).rejects.toBeInstanceOf(SignInUnavailableError);
  });

  it(
    entry.openIdConnect
      ? 'says the provider is not answering when it is down at the start (discovery)'
      : 'starts without contacting the provider (plain OAuth 2.0 has no discovery)',
    async () => {
      const { provider: down, signIn: downSignIn } = await startNetwork(entry);
      await down.stop();
      if (entry.openIdConnect)
        await expect(downSignIn.begin(network, REDIRECT_URI)).rejects.toBeInstanceOf(SignInUnavailableError);
      else await expect(downSignIn.begin(network, REDIRECT_URI)).resolves.toMatchObject({ state: expect.any(String) });
    },
  );
});

describe('sign in: what only OpenID Connect checks', () => {
  const linkedin = NETWORKS.find((entry) => entry.network === 'linkedin')!;
  let provider: TestProvider;
  let signIn: NetworkSignIn;
  beforeAll(async () => {
    ({ provider, signIn } = await startNetwork(linkedin));
  });
  afterAll(() => provider.stop());

  it('refuses an ID token that carries another sign-in’s nonce', async () => {
    const { callback } = await signInAs(signIn, provider, 'linkedin', 'niamh');
    await expect(signIn.complete('linkedin', { ...callback, nonce: 'another-attempts-nonce' })).rejects.toEqual(
      refused('nonce-mismatch'),
    );
  });
});

describe('sign in: an expired code', () => {
  it('is refused by the provider after its lifetime (the attempt’s own expiry is the store’s: takeProofAttempt)', async () => {
    const x = NETWORKS[0]!;
    const { provider, signIn } = await startNetwork(x, { codeTtlSeconds: 1 });
    try {
      const { callback } = await signInAs(signIn, provider, 'twitter', 'niamh');
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await expect(signIn.complete('twitter', callback)).rejects.toEqual(refused('invalid-grant'));
    } finally {
      await provider.stop();
    }
  });
});

describe('sign in: a network that is not configured', () => {
  it('says so, and lists only the configured networks', async () => {
    const x = NETWORKS[0]!;
    const provider = await startOidcProvider({ redirectUris: [REDIRECT_URI], accounts: accountsFor(x), ...x.provider });
    try {
      const signIn = networkSignInFor(envFor(x, provider));
      expect(signIn.configuredNetworks()).toEqual(['twitter']);
      expect(signIn.isConfigured('instagram')).toBe(false);
      await expect(signIn.begin('instagram', REDIRECT_URI)).rejects.toThrow(
        expect.objectContaining({
          constructor: SignInNotConfiguredError,
          message: expect.stringContaining('SIGNIN_INSTAGRAM_CLIENT_ID'),
        }),
      );
      const nothing = createNetworkSignIn(loadSignInConfig({}));
      expect(nothing.configuredNetworks()).toEqual([]);
      await expect(
        nothing.complete('twitter', { callbackUrl: `${REDIRECT_URI}?code=a&state=b`, state: 'b', nonce: 'n', codeVerifier: 'v' }),
      ).rejects.toBeInstanceOf(SignInNotConfiguredError);
    } finally {
      await provider.stop();
    }
  });
});

describe('sign in: a provider at an address Byline does not connect to', () => {
  /** Names resolved here, to loopback or to private addresses that are never connected to. */
  const resolver =
    (names: Record<string, string>): Resolver =>
    async (hostname: string) => {
      const address = names[hostname];
      if (!address) throw new Error(`test resolver: unknown name ${hostname}`);
      return [{ address, family: address.includes(':') ? 6 : 4 }];
    };
  /** The outbound configuration an operator gives with these settings; made-up names resolved by `names`. */
  const outboundWith = (env: NodeJS.ProcessEnv, names: Record<string, string>) => ({
    policy: addressPolicyOf(loadConfig(env)),
    resolve: resolver(names),
  });

  it('refuses the token endpoint before sending the code, which stays unused', async () => {
    const x = NETWORKS[0]!;
    const { provider, signIn } = await startNetwork(x);
    try {
      const port = new URL(provider.issuer).port;
      const env = envFor(x, provider, { TOKEN_URL: `http://idp.test:${port}/token` });
      // Loopback is listed, but idp.test resolves to a private address that is not.
      const outbound = outboundWith({ ALLOWED_PRIVATE_ADDRESSES: '127.0.0.0/8' }, { 'idp.test': '10.0.0.8' });
      const strict = networkSignInFor(env, outbound);
      const { callback } = await signInAs(strict, provider, 'twitter', 'niamh');
      const failure = await strict.complete('twitter', callback).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SignInUnavailableError);
      expect((failure as Error).cause).toBeInstanceOf(UnsafeAddressError);
      // Nothing reached the provider: the same code still completes through a fetch that may reach it.
      await expect(signIn.complete('twitter', callback)).resolves.toMatchObject({ username: x.username });
    } finally {
      await provider.stop();
    }
  });

  it('refuses an OpenID Connect issuer on a private address at discovery', async () => {
    const linkedin = NETWORKS[1]!;
    const { provider } = await startNetwork(linkedin);
    try {
      const env = envFor(linkedin, provider, { ISSUER: 'http://idp.test/' });
      const strict = networkSignInFor(
        env,
        outboundWith({ ALLOWED_PRIVATE_ADDRESSES: '127.0.0.0/8' }, { 'idp.test': '10.0.0.8' }),
      );
      const failure = await strict.begin('linkedin', REDIRECT_URI).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SignInUnavailableError);
      expect((failure as Error).message).toContain('an address Byline does not connect to');
    } finally {
      await provider.stop();
    }
  });

  it('sends plain http only to a listed address: an http issuer whose name resolves to a public address is refused', async () => {
    const linkedin = NETWORKS[1]!;
    const { provider } = await startNetwork(linkedin);
    try {
      const env = envFor(linkedin, provider, { ISSUER: 'http://idp.example/' });
      const outbound = outboundWith({ ALLOWED_PRIVATE_ADDRESSES: '127.0.0.0/8' }, { 'idp.example': '93.184.215.14' });
      const failure = await networkSignInFor(env, outbound)
        .begin('linkedin', REDIRECT_URI)
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SignInUnavailableError);
      expect((failure as Error).cause).toBeInstanceOf(UnsafeAddressError);
    } finally {
      await provider.stop();
    }
  });

  it('reaches the provider on loopback only while ALLOWED_PRIVATE_ADDRESSES lists it', async () => {
    const linkedin = NETWORKS[1]!;
    const { provider } = await startNetwork(linkedin);
    try {
      // Over https, so that only the address is judged: no range listed, loopback refused at discovery.
      const https = `https://127.0.0.1:${new URL(provider.issuer).port}/`;
      const unlisted = createNetworkSignIn(loadSignInConfig(envFor(linkedin, provider, { ISSUER: https })));
      const failure = await unlisted.begin('linkedin', REDIRECT_URI).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SignInUnavailableError);
      expect((failure as Error).cause).toBeInstanceOf(UnsafeAddressError);
    } finally {
      await provider.stop();
    }
  });
});

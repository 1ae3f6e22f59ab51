import { loadConfig } from '@byline/domain/config/config';
import { configErrorOf } from '@byline/test-support';
import { addressPolicyOf, type AddressPolicy } from '@byline/fetcher';
import { loadSignInConfig } from '../../src/proofs/network-sign-in/sign-in-config';

const SECRET = 's3cret-value-never-shown';

/** The ConfigError's message, or a failure when the settings were accepted. */
function problemWith(env: NodeJS.ProcessEnv, policy?: AddressPolicy): string {
  const message = configErrorOf(env, (settings) => loadSignInConfig(settings, policy));
  expect(message).not.toContain(SECRET);
  return message;
}

describe('network sign-in settings', () => {
  it('configures nothing by default: every network then offers the other proofs', () => {
    expect(loadSignInConfig({})).toEqual({});
  });

  it('uses X’s and Instagram’s real endpoints and answer shapes when only the client is set', () => {
    const config = loadSignInConfig({
      SIGNIN_TWITTER_CLIENT_ID: 'x-client',
      SIGNIN_TWITTER_CLIENT_SECRET: SECRET,
      SIGNIN_INSTAGRAM_CLIENT_ID: '990602627938098',
      SIGNIN_INSTAGRAM_CLIENT_SECRET: SECRET,
    });
    expect(Object.keys(config)).toEqual(['twitter', 'instagram']);
    expect(config.twitter).toEqual({
      network: 'twitter',
      name: 'X',
      clientId: 'x-client',
      clientSecret: SECRET,
      endpoints: {
        kind: 'oauth2',
        authorizationUrl: 'https://x.com/i/oauth2/authorize',
        tokenUrl: 'https://api.x.com/2/oauth2/token',
        userinfoUrl: 'https://api.x.com/2/users/me',
      },
      scope: 'users.read tweet.read',
      usernameClaim: 'data.username',
      subjectClaim: 'data.id',
      tokenAuth: 'client_secret_basic',
    });
    expect(config.instagram).toMatchObject({
      name: 'Instagram',
      endpoints: { kind: 'oauth2', userinfoUrl: 'https://graph.instagram.com/me?fields=user_id,username' },
      usernameClaim: 'username',
      subjectClaim: 'user_id',
      tokenAuth: 'client_secret_post',
    });
  });

  it.each([
    ['LINKEDIN', 'LinkedIn'],
    ['FACEBOOK', 'Facebook'],
  ])('refuses %s without a username claim: its answer holds no public username', (network, name) => {
    const message = problemWith({ [`SIGNIN_${network}_CLIENT_ID`]: 'client', [`SIGNIN_${network}_CLIENT_SECRET`]: SECRET });
    expect(message).toContain(`"SIGNIN_${network}_USERNAME_CLAIM" is required`);
    expect(message).toContain(`${name}'s sign-in answer holds no public username`);
  });

  it.each([
    [
      'takes LinkedIn with a username claim, over OpenID Connect discovery',
      'linkedin',
      { SIGNIN_LINKEDIN_USERNAME_CLAIM: 'vanity_name' },
      { issuer: 'https://www.linkedin.com/oauth', usernameClaim: 'vanity_name' },
    ],
    [
      'assumes OpenID Connect’s standard scope and claims for another issuer',
      'twitter',
      { SIGNIN_TWITTER_ISSUER: 'https://id.example.org' },
      { issuer: 'https://id.example.org', usernameClaim: 'preferred_username' },
    ],
  ] as const)('%s', (_title, network, settings, { issuer, usernameClaim }) => {
    const NETWORK = network.toUpperCase();
    const config = loadSignInConfig({
      [`SIGNIN_${NETWORK}_CLIENT_ID`]: 'client',
      [`SIGNIN_${NETWORK}_CLIENT_SECRET`]: SECRET,
      ...settings,
    });
    expect(config[network]).toMatchObject({
      endpoints: { kind: 'openid-connect', issuer },
      scope: 'openid profile',
      usernameClaim,
      subjectClaim: 'sub',
    });
  });

  it.each([
    [{ SIGNIN_TWITTER_CLIENT_ID: 'client' }, '"SIGNIN_TWITTER_CLIENT_SECRET" is required'],
    [{ SIGNIN_TWITTER_CLIENT_SECRET: SECRET }, '"SIGNIN_TWITTER_CLIENT_SECRET" is set but "SIGNIN_TWITTER_CLIENT_ID" is not'],
    [
      { SIGNIN_TWITTER_CLIENT_ID: 'c', SIGNIN_TWITTER_CLIENT_SECRET: SECRET, SIGNIN_TWITTER_ISSUER: 'http://id.example.org' },
      '"SIGNIN_TWITTER_ISSUER" must be an https:// address (http:// only for a host inside ALLOWED_PRIVATE_ADDRESSES)',
    ],
    [
      {
        SIGNIN_TWITTER_CLIENT_ID: 'c',
        SIGNIN_TWITTER_CLIENT_SECRET: SECRET,
        SIGNIN_TWITTER_AUTHORIZATION_URL: 'https://id.example.org/a',
      },
      '"environment" contains [SIGNIN_TWITTER_AUTHORIZATION_URL] without its required peers [SIGNIN_TWITTER_TOKEN_URL, SIGNIN_TWITTER_USERINFO_URL]',
    ],
    [
      {
        SIGNIN_TWITTER_CLIENT_ID: 'c',
        SIGNIN_TWITTER_CLIENT_SECRET: SECRET,
        SIGNIN_TWITTER_ISSUER: 'https://id.example.org',
        SIGNIN_TWITTER_AUTHORIZATION_URL: 'https://id.example.org/a',
        SIGNIN_TWITTER_TOKEN_URL: 'https://id.example.org/t',
        SIGNIN_TWITTER_USERINFO_URL: 'https://id.example.org/u',
      },
      '"SIGNIN_TWITTER_ISSUER" conflict with forbidden peer "SIGNIN_TWITTER_AUTHORIZATION_URL"',
    ],
    [
      {
        SIGNIN_TWITTER_CLIENT_ID: 'c',
        SIGNIN_TWITTER_CLIENT_SECRET: SECRET,
        SIGNIN_TWITTER_AUTHORIZATION_URL: 'https://id.example.org/a',
        SIGNIN_TWITTER_TOKEN_URL: 'https://id.example.org/t',
        SIGNIN_TWITTER_USERINFO_URL: 'https://id.example.org/u',
      },
      '"SIGNIN_TWITTER_SCOPE" is required with "SIGNIN_TWITTER_AUTHORIZATION_URL"',
    ],
    [
      {
        SIGNIN_LINKEDIN_CLIENT_ID: 'c',
        SIGNIN_LINKEDIN_CLIENT_SECRET: SECRET,
        SIGNIN_LINKEDIN_USERNAME_CLAIM: 'x',
        SIGNIN_LINKEDIN_SCOPE: 'profile',
      },
      '"SIGNIN_LINKEDIN_SCOPE" must include openid',
    ],
    [
      { SIGNIN_FACEBOOK_CLIENT_ID: 'c', SIGNIN_FACEBOOK_CLIENT_SECRET: SECRET, SIGNIN_FACEBOOK_USERNAME_CLAIM: 'id' },
      '"SIGNIN_FACEBOOK_USERNAME_CLAIM" cannot be id',
    ],
    [
      { SIGNIN_TWITTER_CLIENT_ID: 'c', SIGNIN_TWITTER_CLIENT_SECRET: SECRET, SIGNIN_TWITTER_USERNAME_CLAIM: 'data..username' },
      '"SIGNIN_TWITTER_USERNAME_CLAIM" with value "data..username" fails to match the a claim name or a dotted path',
    ],
    [
      { SIGNIN_TWITTER_CLIENT_ID: 'c', SIGNIN_TWITTER_CLIENT_SECRET: SECRET, SIGNIN_TWITTER_TOKEN_AUTH: 'private_key_jwt' },
      '"SIGNIN_TWITTER_TOKEN_AUTH" must be one of [client_secret_basic, client_secret_post]',
    ],
  ])('refuses %j, naming the variable', (env, expected) => {
    expect(problemWith(env)).toContain(expected);
  });

  describe('http:// endpoints', () => {
    const policyOf = (env: NodeJS.ProcessEnv) => addressPolicyOf(loadConfig(env));
    const issuer = (address: string) => ({
      SIGNIN_LINKEDIN_CLIENT_ID: 'c',
      SIGNIN_LINKEDIN_CLIENT_SECRET: SECRET,
      SIGNIN_LINKEDIN_USERNAME_CLAIM: 'preferred_username',
      SIGNIN_LINKEDIN_ISSUER: address,
    });
    const allowed = policyOf({ ALLOWED_PRIVATE_ADDRESSES: '127.0.0.0/8,10.20.0.0/16' });

    it('are refused without ALLOWED_PRIVATE_ADDRESSES, naming the variable', () => {
      expect(problemWith(issuer('http://127.0.0.1:4000'))).toContain(
        '"SIGNIN_LINKEDIN_ISSUER" must be an https:// address (http:// only for a host inside ALLOWED_PRIVATE_ADDRESSES)',
      );
      expect(problemWith(issuer('http://idp.corp.example'))).toContain('"SIGNIN_LINKEDIN_ISSUER" must be an https:// address');
    });

    it('are taken for an address inside ALLOWED_PRIVATE_ADDRESSES, or a name (its address is checked on every connection)', () => {
      expect(loadSignInConfig(issuer('http://127.0.0.1:4000'), allowed).linkedin?.endpoints).toEqual({
        kind: 'openid-connect',
        issuer: 'http://127.0.0.1:4000',
      });
      expect(loadSignInConfig(issuer('http://idp.corp.example/oidc'), allowed).linkedin?.endpoints).toMatchObject({
        issuer: 'http://idp.corp.example/oidc',
      });
    });

    it('are refused for an address outside the listed ranges, public ones included', () => {
      for (const address of ['http://10.30.0.1', 'http://[::1]:4000', 'http://93.184.215.14']) {
        expect(problemWith(issuer(address), allowed)).toContain('"SIGNIN_LINKEDIN_ISSUER" must be an https:// address');
      }
      const endpoints = {
        SIGNIN_TWITTER_CLIENT_ID: 'c',
        SIGNIN_TWITTER_CLIENT_SECRET: SECRET,
        SIGNIN_TWITTER_SCOPE: 'openid',
        SIGNIN_TWITTER_USERNAME_CLAIM: 'username',
        SIGNIN_TWITTER_AUTHORIZATION_URL: 'https://id.example.org/a',
        SIGNIN_TWITTER_TOKEN_URL: 'http://192.168.1.4/t',
        SIGNIN_TWITTER_USERINFO_URL: 'https://id.example.org/u',
      };
      expect(problemWith(endpoints, allowed)).toContain('"SIGNIN_TWITTER_TOKEN_URL" must be an https:// address');
      expect(problemWith({ ...issuer('ftp://127.0.0.1/') }, allowed)).toContain(
        '"SIGNIN_LINKEDIN_ISSUER" must be an https:// address',
      );
    });
  });

  it('names every problem at once', () => {
    const message = problemWith({ SIGNIN_TWITTER_CLIENT_ID: 'c', SIGNIN_INSTAGRAM_CLIENT_ID: 'i' });
    expect(message).toContain('"SIGNIN_TWITTER_CLIENT_SECRET" is required');
    expect(message).toContain('"SIGNIN_INSTAGRAM_CLIENT_SECRET" is required');
  });
});

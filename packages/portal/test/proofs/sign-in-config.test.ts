import { ConfigError } from '@byline/shared';
import { loadSignInConfig } from '../../src/proofs/network-sign-in/sign-in-config';

const SECRET = 's3cret-value-never-shown';

/** The ConfigError's message, or a failure when the settings were accepted. */
function problemWith(env: NodeJS.ProcessEnv, options = {}): string {
  try {
    loadSignInConfig(env, options);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).not.toContain(SECRET);
    return (error as Error).message;
  }
  throw new Error('the settings were accepted');
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

  it('takes LinkedIn with a username claim, over OpenID Connect discovery', () => {
    const config = loadSignInConfig({
      SIGNIN_LINKEDIN_CLIENT_ID: 'client',
      SIGNIN_LINKEDIN_CLIENT_SECRET: SECRET,
      SIGNIN_LINKEDIN_USERNAME_CLAIM: 'vanity_name',
    });
    expect(config.linkedin).toMatchObject({
      endpoints: { kind: 'openid-connect', issuer: 'https://www.linkedin.com/oauth' },
      scope: 'openid profile',
      usernameClaim: 'vanity_name',
      subjectClaim: 'sub',
    });
  });

  it('assumes OpenID Connect’s standard scope and claims for another issuer', () => {
    const config = loadSignInConfig({
      SIGNIN_TWITTER_CLIENT_ID: 'client',
      SIGNIN_TWITTER_CLIENT_SECRET: SECRET,
      SIGNIN_TWITTER_ISSUER: 'https://id.example.org',
    });
    expect(config.twitter).toMatchObject({
      endpoints: { kind: 'openid-connect', issuer: 'https://id.example.org' },
      scope: 'openid profile',
      usernameClaim: 'preferred_username',
      subjectClaim: 'sub',
    });
  });

  it.each([
    [{ SIGNIN_TWITTER_CLIENT_ID: 'client' }, '"SIGNIN_TWITTER_CLIENT_SECRET" is required'],
    [{ SIGNIN_TWITTER_CLIENT_SECRET: SECRET }, '"SIGNIN_TWITTER_CLIENT_SECRET" is set but "SIGNIN_TWITTER_CLIENT_ID" is not'],
    [
      { SIGNIN_TWITTER_CLIENT_ID: 'c', SIGNIN_TWITTER_CLIENT_SECRET: SECRET, SIGNIN_TWITTER_ISSUER: 'http://id.example.org' },
      '"SIGNIN_TWITTER_ISSUER" must be a valid uri with a scheme matching the https pattern',
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

  it('takes http endpoints only when the code asks for it (tests), never from the environment', () => {
    const env = {
      SIGNIN_TWITTER_CLIENT_ID: 'c',
      SIGNIN_TWITTER_CLIENT_SECRET: SECRET,
      SIGNIN_TWITTER_ISSUER: 'http://127.0.0.1:4000',
      ALLOW_INSECURE_REQUESTS: 'true',
    };
    expect(problemWith(env)).toContain('"SIGNIN_TWITTER_ISSUER" must be a valid uri');
    expect(loadSignInConfig(env, { allowInsecureRequests: true }).twitter?.endpoints).toEqual({
      kind: 'openid-connect',
      issuer: 'http://127.0.0.1:4000',
    });
  });

  it('names every problem at once', () => {
    const message = problemWith({ SIGNIN_TWITTER_CLIENT_ID: 'c', SIGNIN_INSTAGRAM_CLIENT_ID: 'i' });
    expect(message).toContain('"SIGNIN_TWITTER_CLIENT_SECRET" is required');
    expect(message).toContain('"SIGNIN_INSTAGRAM_CLIENT_SECRET" is required');
  });
});

/**
 * A real OpenID provider (panva's oidc-provider, the certified implementation) on 127.0.0.1, playing one
 * network for the sign-in tests: its own issuer, one confidential client, PKCE required, an accounts table,
 * and minimal sign-in and consent pages of its own (plain forms, no script or outside resources) that a test
 * drives over HTTP with `signIn` or that a real browser fills in.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestAccount {
  /** The provider's stable account id. */
  sub: string;
  /** The username the provider answers (OpenID Connect `preferred_username`). */
  preferred_username: string;
}

export interface TestProviderOptions {
  clientId?: string;
  clientSecret?: string;
  redirectUris: string[];
  /** What a person types on the sign-in page → the account it signs in to. */
  accounts: Record<string, TestAccount>;
  tokenEndpointAuthMethod?: 'client_secret_basic' | 'client_secret_post';
  /** Scopes the provider knows besides openid and profile (e.g. X's `users.read tweet.read`). */
  scopes?: string[];
  /**
   * A user endpoint in the network's own shape, beside OpenID Connect's userinfo: answers GET with a valid
   * access token (Bearer) with `body(account)`, e.g. X's `/2/users/me` → `{ data: { id, username } }`.
   */
  userEndpoint?: { path: string; body: (account: TestAccount) => unknown };
  /**
   * The token endpoint's answer as the network words it: `standard`, `without-token-type` (LinkedIn, Instagram),
   * or `wrapped-in-data` (Instagram's documented `{ data: [ { access_token, … } ] }`, without token_type).
   */
  tokenAnswer?: 'standard' | 'without-token-type' | 'wrapped-in-data';
  /** How long an authorization code lives; 60 s by default. */
  codeTtlSeconds?: number;
}

export interface TestProvider {
  /** http://127.0.0.1:PORT, also the base of every endpoint. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  /** The OpenID Connect userinfo endpoint. */
  userinfoUrl: string;
  url(path: string): string;
  /**
   * Follows the authorization URL as a browser would, signs in as `login` on the provider's page, allows (or
   * denies) on its consent page, and returns the address the provider sends the browser back to — the
   * callback with `code` and `state` (or `error`) — without requesting it.
   */
  signIn(authorizationUrl: string, login: string, options?: { decision?: 'allow' | 'deny' }): Promise<string>;
  /** Stops answering (the "provider down" case); connections are refused from then on. */
  stop(): Promise<void>;
}

/** The parts of oidc-provider used here (the package ships no types). */
interface OidcProvider {
  callback(): http.RequestListener;
  use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
  interactionDetails(req: http.IncomingMessage, res: http.ServerResponse): Promise<InteractionDetails>;
  interactionFinished(req: http.IncomingMessage, res: http.ServerResponse, result: object, options?: object): Promise<void>;
  Grant: new (properties: { accountId: string; clientId: string }) => Grant;
  AccessToken: { find(token: string): Promise<{ accountId: string; isExpired: boolean } | undefined> };
}
interface KoaContext {
  path: string;
  status: number;
  body: unknown;
}
interface InteractionDetails {
  uid: string;
  prompt: { name: string; details: Record<string, unknown> };
  params: Record<string, string>;
  session?: { accountId: string };
  grantId?: string;
}
interface Grant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  addResourceScope(indicator: string, scope: string): void;
  save(): Promise<string>;
}

export async function startOidcProvider(options: TestProviderOptions): Promise<TestProvider> {
  const clientId = options.clientId ?? 'byline-portal';
  const clientSecret = options.clientSecret ?? crypto.randomBytes(24).toString('base64url');
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const bySub = new Map(Object.values(options.accounts).map((account) => [account.sub, account]));

  const Provider = loadProvider();
  const provider = withoutNotices(
    () =>
      new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: options.redirectUris,
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: options.tokenEndpointAuthMethod ?? 'client_secret_basic',
          },
        ],
        jwks: { keys: [signingKey()] },
        cookies: { keys: [crypto.randomBytes(16).toString('hex')] },
        pkce: { required: () => true },
        ttl: {
          AuthorizationCode: options.codeTtlSeconds ?? 60,
          AccessToken: 600,
          IdToken: 600,
          Interaction: 600,
          Session: 600,
          Grant: 600,
        },
        scopes: ['openid', 'offline_access', ...(options.scopes ?? [])],
        claims: { openid: ['sub'], profile: ['preferred_username'] },
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
        findAccount: async (_ctx: unknown, sub: string) => {
          const account = bySub.get(sub);
          return account && { accountId: sub, claims: async () => ({ ...account }) };
        },
      }),
  );
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path === '/token' && ctx.status === 200) ctx.body = reworded(ctx.body, options.tokenAnswer ?? 'standard');
  });

  const answer = provider.callback();
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    const interaction = /^\/interaction\/([\w-]+)(?:\/(login|confirm|deny))?$/.exec(path);
    const handled = interaction
      ? interactionPage(provider, options.accounts, req, res, interaction[2])
      : options.userEndpoint && path === options.userEndpoint.path
        ? userEndpoint(provider, bySub, options.userEndpoint.body, req, res)
        : null;
    if (!handled) return answer(req, res);
    handled.catch((error: Error) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(`test provider: ${error.message}`);
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    authorizationUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    userinfoUrl: `${issuer}/me`,
    url: (path) => `${issuer}${path}`,
    signIn: (authorizationUrl, login, signInOptions) =>
      driveSignIn(issuer, authorizationUrl, login, signInOptions?.decision ?? 'allow'),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Loaded on first use: oidc-provider is ESM (jest transforms it) and heavy, and most tests never start one. */
function loadProvider(): new (issuer: string, configuration: object) => OidcProvider {
  type ProviderModule = { default: new (issuer: string, configuration: object) => OidcProvider };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return withoutNotices(() => require('oidc-provider') as ProviderModule).default;
}

/**
 * oidc-provider's start-up warnings are for production deployments (Node 22 wanted, the in-memory store): in a
 * test they are noise, so they are dropped while it loads and starts; anything else still prints.
 */
function withoutNotices<T>(start: () => T): T {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!/^oidc-provider WARNING: (Unsupported runtime|a quick start development-only in-memory adapter)/.test(String(args[0])))
      warn(...args);
  };
  try {
    return start();
  } finally {
    console.warn = warn;
  }
}

function signingKey(): crypto.JsonWebKey {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };
}

function reworded(body: unknown, style: NonNullable<TestProviderOptions['tokenAnswer']>): unknown {
  if (style === 'standard' || typeof body !== 'object' || body === null) return body;
  const { token_type: _dropped, ...rest } = body as Record<string, unknown>;
  return style === 'wrapped-in-data' ? { data: [rest] } : rest;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: http.ServerResponse, status: number, title: string, body: string): void {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(
    `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`,
  );
}

/** The sign-in page (field `login`, button "Sign in") and the consent page (buttons "Allow" and "Deny"). */
async function interactionPage(
  provider: OidcProvider,
  accounts: Record<string, TestAccount>,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  action: string | undefined,
): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  const base = `/interaction/${details.uid}`;
  const loginForm = (error = '') =>
    `${error}<form method="post" action="${base}/login"><label>Username <input name="login" autofocus required></label> <button type="submit">Sign in</button></form>`;
  if (!action) {
    if (details.prompt.name === 'login') return page(res, 200, 'Sign in', loginForm());
    return page(
      res,
      200,
      'Allow access',
      `<p>${escapeHtml(details.params.client_id ?? '')} asks to read your profile.</p>` +
        `<form method="post" action="${base}/confirm"><button type="submit">Allow</button></form>` +
        `<form method="post" action="${base}/deny"><button type="submit">Deny</button></form>`,
    );
  }
  if (req.method !== 'POST') return page(res, 405, 'Not allowed', '');
  const form = new URLSearchParams(await bodyOf(req));
  if (action === 'login') {
    const account = accounts[form.get('login') ?? ''];
    if (!account) return page(res, 200, 'Sign in', loginForm('<p role="alert">No such account.</p>'));
    return provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
  }
  if (action === 'deny') {
    const result = { error: 'access_denied', error_description: 'The account holder declined.' };
    return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }
  const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id! });
  const missing = details.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
    grant.addResourceScope(indicator, scopes.join(' '));
  return provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
}

async function userEndpoint(
  provider: OidcProvider,
  bySub: Map<string, TestAccount>,
  body: (account: TestAccount) => unknown,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const grant = token ? await provider.AccessToken.find(token) : undefined;
  const account = grant && !grant.isExpired ? bySub.get(grant.accountId) : undefined;
  if (!account) {
    res.writeHead(401, { 'Content-Type': 'application/json', 'WWW-Authenticate': 'Bearer error="invalid_token"' });
    res.end(JSON.stringify({ error: 'invalid_token' }));
    return;
  }
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body(account)));
}

function bodyOf(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** A browser's part, over plain HTTP: redirects followed by hand with a cookie jar, forms posted. */
async function driveSignIn(issuer: string, authorizationUrl: string, login: string, decision: 'allow' | 'deny'): Promise<string> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  let form: URLSearchParams | null = null;
  for (let step = 0; step < 20; step++) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        ...(cookies.size ? { Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
        ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form?.toString(),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const separator = pair.indexOf('=');
      cookies.set(pair.slice(0, separator).trim(), pair.slice(separator + 1).trim());
    }
    form = null;
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url).href;
      if (new URL(next).origin !== new URL(issuer).origin) return next;
      url = next;
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`test provider answered HTTP ${response.status}: ${html.slice(0, 300)}`);
    const actions = [...html.matchAll(/<form[^>]*action="([^"]+)"/g)].map((match) => match[1]!);
    const wanted: { path: string; body: Record<string, string> } = actions.find((action) => action.endsWith('/login'))
      ? { path: '/login', body: { login } }
      : { path: decision === 'allow' ? '/confirm' : '/deny', body: {} };
    const action = actions.find((candidate) => candidate.endsWith(wanted.path));
    if (!action || (wanted.path === '/login' && html.includes('No such account')))
      throw new Error(`test provider: cannot sign in as ${login}`);
    url = new URL(action, url).href;
    form = new URLSearchParams(wanted.body);
  }
  throw new Error('test provider: the sign-in did not come back to the client');
}

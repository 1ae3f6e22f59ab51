import { repositoriesOf } from '@byline/shared/store';
/**
 * The portal as an API user meets it: a home page and a sign-up that offer API keys without a journalist profile,
 * browser keys with their own origins and limit, and a revoke that asks first. Every new form is refused for a
 * visitor, for another user's key and without its CSRF token.
 */
import request from 'supertest';
import {
  confirmAddress,
  csrfFrom,
  portalForEachTest,
  portalStoreFactories,
  profileForm,
  signedUp,
  submit,
  textOf,
  type Agent,
} from './support/portal-harness';
import { verifiers } from './support/verifiers';

const tokenOn = (html: string) => /id="new-token">([^<]+)</.exec(html)?.[1];
const PAGE = 'https://news.example';

describe.each(portalStoreFactories())('the portal for API users ($name store)', (factory) => {
  const portal = portalForEachTest(factory);

  async function withAccount() {
    const session = await signedUp(portal.app);
    expect((await submit(session.agent, '/settings/api', '/settings/api/account', {})).status).toBe(303);
    return session;
  }

  /** The new-key form posted, then the page it leads to, which shows the token once. */
  async function createKey(agent: Agent, fields: Record<string, string>) {
    const posted = await submit(agent, '/settings/api', '/settings/api/keys', fields);
    expect([posted.status, posted.headers.location]).toEqual([303, '/settings/api']);
    const shown = (await agent.get('/settings/api')).text;
    return { token: tokenOn(shown)!, shown };
  }

  const browserKey = (agent: Agent, origins = `${PAGE}\r\nhttp://localhost:3000`, limit = '') =>
    createKey(agent, { name: 'widget', kind: 'browser', key_origins: origins, key_limit: limit });

  describe('home and sign-up', () => {
    it('offers journalists a profile and API users keys, from the home page', async () => {
      const home = await request(portal.app).get('/');
      expect(home.status).toBe(200);
      expect(home.text).toContain('href="/signup"');
      expect(home.text).toContain('href="/signup?for=api"');
      expect(home.text).toContain('Get API keys');
      expect(home.text).toContain('href="http://localhost:8080/docs"');

      const signUp = await request(portal.app).get('/signup?for=api');
      expect(signUp.text).toContain('Get Byline API keys');
      expect(signUp.text).toMatch(/<option value="api" selected>/);
    });

    it('takes someone who signs up for API keys to API settings, its account open once the address is proven, never to a profile form', async () => {
      const agent = request.agent(portal.app);
      const email = `api-${Date.now()}@example.org`;
      const signedUp = await submit(agent, '/signup?for=api', '/signup', {
        email,
        password: 'long enough password',
        purpose: 'api',
      });
      expect([signedUp.status, signedUp.headers.location]).toEqual([303, '/settings/api']);
      // Without mail, the address waits for the operator's confirmation link; no account is opened before it.
      const waiting = await agent.get('/settings/api');
      expect(waiting.status).toBe(403);
      expect(textOf(waiting.text)).toContain('ask whoever runs this Byline for a confirmation link');
      expect(await repositoriesOf(portal.store).apiAccounts.findAccount(email)).toBeNull();
      const confirmed = await confirmAddress(portal.app, agent, email, 'long enough password', 'api');
      expect(confirmed.headers.location).toBe('/settings/api');
      const settings = await agent.get('/settings/api');
      expect(settings.text).toContain('Create key');
      expect(settings.text).not.toContain('Open an API account');
      expect(settings.text).not.toContain('Create your journalist profile');
      expect(await repositoriesOf(portal.store).apiAccounts.findAccount(email)).toMatchObject({ email, status: 'active' });

      const home = await agent.get('/');
      expect([home.status, home.headers.location]).toEqual([303, '/settings/api']);
      await submit(agent, '/settings/api', '/signout', {});
      const again = await submit(agent, '/signin', '/signin', { email, password: 'long enough password' });
      expect([again.status, again.headers.location]).toEqual([303, '/settings/api']);
    });

    it('still takes a journalist to the profile form, and one with a profile and an API account to the profile', async () => {
      const { agent, email, password } = await signedUp(portal.app);
      expect((await agent.get('/')).headers.location).toBe('/profile');
      await submit(agent, '/settings/api', '/settings/api/account', {});
      // An API account without a profile: API settings, whatever sign-up said.
      expect((await agent.get('/')).headers.location).toBe('/settings/api');
      await submit(agent, '/profile', '/profile', profileForm());
      expect((await agent.get('/')).headers.location).toBe('/profile');
      await submit(agent, '/profile', '/signout', {});
      const again = await submit(agent, '/signin', '/signin', { email, password });
      expect(again.headers.location).toBe('/profile');
    });

    it('refuses an unknown purpose with 422 next to the field', async () => {
      const res = await submit(request.agent(portal.app), '/signup', '/signup', {
        email: `odd-${Date.now()}@example.org`,
        password: 'long enough password',
        purpose: 'admin',
      });
      expect(res.status).toBe(422);
      expect(res.text).toMatch(/id="f-purpose-error"[^>]*>/);
    });
  });

  describe('browser keys', () => {
    it('creates a browser key with its origins and limit, shown with them, whose curl lines send its origin', async () => {
      const { agent, email } = await withAccount();
      const { token, shown } = await browserKey(agent, `HTTPS://News.Example/\r\n\r\nhttp://localhost:3000`, '25');
      expect(shown).toContain(`-H &#39;Origin: ${PAGE}&#39;`);
      expect(shown).toMatch(
        /Browser, 25 a minute, from\s*<code>https:\/\/news\.example<\/code>, <code>http:\/\/localhost:3000<\/code>/,
      );
      const [stored] = await repositoriesOf(portal.store).apiKeys.keysOf(email);
      expect(stored).toMatchObject({ kind: 'browser', origins: [PAGE, 'http://localhost:3000'], rate_limit_per_minute: 25 });

      const { verifyArticle } = verifiers(portal.store, 0);
      const fromPage = await verifyArticle(token, 'https://paper.example/none').set('Origin', PAGE);
      expect(fromPage.status).toBe(200);
      expect(fromPage.headers['ratelimit-policy']).toBe('"per-minute";q=25;w=60');
      expect((await verifyArticle(token, 'https://paper.example/none')).status).toBe(403);
    });

    it('gives a browser key 60 requests a minute unless told, and never more than its account', async () => {
      const { agent, email } = await withAccount();
      await browserKey(agent, PAGE, '');
      expect((await repositoriesOf(portal.store).apiKeys.keysOf(email))[0]!.rate_limit_per_minute).toBe(60);

      await repositoriesOf(portal.store).apiAccounts.setRateLimit(email, 100);
      const above = await submit(agent, '/settings/api', '/settings/api/keys', {
        name: 'greedy',
        kind: 'browser',
        key_origins: PAGE,
        key_limit: '200',
      });
      expect(above.status).toBe(422);
      expect(/id="f-key_limit-error"[^>]*>([^<]*)</.exec(above.text)?.[1]).toMatch(/from 1 to 100/);
      expect(above.text).toMatch(/<option value="browser" selected>/);
      await repositoriesOf(portal.store).apiAccounts.setRateLimit(email, 30);
      await browserKey(agent, PAGE, '');
      expect((await repositoriesOf(portal.store).apiKeys.keysOf(email)).map((key) => key.rate_limit_per_minute)).toEqual([
        60, 30,
      ]);
    });

    it.each([
      ['no origin', '', '', /at least one web origin/],
      ['an origin with a path', 'https://news.example/widget', '', /no path/],
      ['a limit that is not a number', PAGE, 'lots', /whole number/],
      ['a limit of 0', PAGE, '0', /whole number/],
      ['21 origins', Array.from({ length: 21 }, (_, i) => `https://s${i}.example`).join('\n'), '', /At most 20 origins per key/],
    ])('refuses a browser key with %s (422, next to the field), creating nothing', async (_case, origins, limit, error) => {
      const { agent, email } = await withAccount();
      const res = await submit(agent, '/settings/api', '/settings/api/keys', {
        name: 'widget',
        kind: 'browser',
        key_origins: origins,
        key_limit: limit,
      });
      expect(res.status).toBe(422);
      const shown = /id="f-key_(?:origins|limit)-error"[^>]*>([^<]*)</.exec(res.text)?.[1];
      expect(shown).toMatch(error);
      expect(await repositoriesOf(portal.store).apiKeys.keysOf(email)).toEqual([]);
    });

    it('ignores the browser fields of a server key, which keeps its account’s settings', async () => {
      const { agent, email } = await withAccount();
      await createKey(agent, { name: 'cms', kind: 'server', key_origins: 'not an origin', key_limit: '5' });
      expect((await repositoriesOf(portal.store).apiKeys.keysOf(email))[0]).toMatchObject({
        kind: 'server',
        origins: [],
        rate_limit_per_minute: null,
      });
    });

    it('changes a browser key’s origins and limit on its own page', async () => {
      const { agent, email } = await withAccount();
      const { token } = await browserKey(agent);
      const key = token.split(':')[0]!;
      const page = await agent.get(`/settings/api/keys/${key}/browser`);
      expect(page.status).toBe(200);
      expect(page.text).toContain(`${PAGE}\nhttp://localhost:3000</textarea>`);

      const saved = await submit(agent, `/settings/api/keys/${key}/browser`, `/settings/api/keys/${key}/browser`, {
        key_origins: 'https://moved.example',
        key_limit: '12',
      });
      expect([saved.status, saved.headers.location]).toEqual([303, '/settings/api?done=browser-key']);
      expect((await agent.get(saved.headers.location!)).text).toContain('Browser key saved');
      expect((await repositoriesOf(portal.store).apiCredentials.findCredential(key))!.browser).toEqual({
        origins: ['https://moved.example'],
        rateLimitPerMinute: 12,
      });

      const bad = await submit(agent, `/settings/api/keys/${key}/browser`, `/settings/api/keys/${key}/browser`, {
        key_origins: '',
        key_limit: '12',
      });
      expect(bad.status).toBe(422);
      expect(bad.text).toMatch(/id="f-key_origins-error"[^>]*>List at least one web origin/);
      expect((await repositoriesOf(portal.store).apiKeys.keysOf(email))[0]!.origins).toEqual(['https://moved.example']);
    });

    it('refuses the browser-key page and form to a visitor, another user, without CSRF, and for a server key', async () => {
      const owner = await withAccount();
      const key = (await browserKey(owner.agent)).token.split(':')[0]!;
      const path = `/settings/api/keys/${key}/browser`;
      const unchanged = async () =>
        expect((await repositoriesOf(portal.store).apiCredentials.findCredential(key))!.browser).toEqual({
          origins: [PAGE, 'http://localhost:3000'],
          rateLimitPerMinute: 60,
        });

      const visitor = request.agent(portal.app);
      expect((await visitor.get(path)).status).toBe(303);
      const csrf = csrfFrom((await visitor.get('/signin')).text);
      expect((await visitor.post(path).type('form').send({ key_origins: 'https://evil.example', _csrf: csrf })).status).toBe(401);
      await unchanged();

      const other = await withAccount();
      expect((await other.agent.get(path)).status).toBe(404);
      const forOther = await submit(other.agent, '/settings/api', path, { key_origins: 'https://evil.example', key_limit: '5' });
      expect(forOther.status).toBe(404);
      await unchanged();

      const forged = await owner.agent.post(path).type('form').send({ key_origins: 'https://evil.example', key_limit: '5' });
      expect(forged.status).toBe(403);
      await unchanged();

      const server = (await createKey(owner.agent, { name: 'cms' })).token.split(':')[0]!;
      expect((await owner.agent.get(`/settings/api/keys/${server}/browser`)).status).toBe(404);
    });

    it('rotates a browser key into a browser key with the same origins and limit', async () => {
      const { agent, email } = await withAccount();
      const old = (await browserKey(agent, PAGE, '15')).token.split(':')[0]!;
      const rotated = await submit(agent, '/settings/api', `/settings/api/keys/${old}/rotate`, {
        overlap: 'now',
        confirm_now: 'on',
      });
      expect(rotated.status).toBe(303);
      const shown = (await agent.get('/settings/api')).text;
      expect(shown).toContain(`-H &#39;Origin: ${PAGE}&#39;`);
      const [before, after] = await repositoriesOf(portal.store).apiKeys.keysOf(email);
      expect(before!.revoked_at).not.toBeNull();
      expect(after).toMatchObject({
        name: 'widget',
        kind: 'browser',
        origins: [PAGE],
        rate_limit_per_minute: 15,
        revoked_at: null,
      });
    });
  });

  describe('revoking a key', () => {
    it('asks first: the table links to a page whose form revokes', async () => {
      const { agent } = await withAccount();
      const key = (await createKey(agent, { name: 'cms' })).token.split(':')[0]!;
      const path = `/settings/api/keys/${key}/revoke`;
      const settings = (await agent.get('/settings/api')).text;
      expect(settings).toContain(`<a href="${path}">Revoke…</a>`);
      expect(settings).not.toMatch(new RegExp(`<form method="post" action="${path}"`));

      const ask = await agent.get(path);
      expect(ask.status).toBe(200);
      expect(ask.text).toContain('Revoke the key “cms”?');
      expect(ask.text).toContain('<input type="hidden" name="confirm" value="revoke" />');
      expect((await repositoriesOf(portal.store).apiCredentials.findCredential(key))!.revoked).toBe(false);

      const done = await submit(agent, path, path, { confirm: 'revoke' });
      expect([done.status, done.headers.location]).toEqual([303, '/settings/api?done=revoked']);
      expect((await repositoriesOf(portal.store).apiCredentials.findCredential(key))!.revoked).toBe(true);
      expect((await agent.get(path)).status).toBe(404);
    });

    it('does not revoke on a form without the confirmation: it asks instead', async () => {
      const { agent } = await withAccount();
      const key = (await createKey(agent, { name: 'cms' })).token.split(':')[0]!;
      const res = await submit(agent, '/settings/api', `/settings/api/keys/${key}/revoke`, {});
      expect(res.status).toBe(200);
      expect(res.text).toContain('Revoke the key “cms”?');
      expect((await repositoriesOf(portal.store).apiCredentials.findCredential(key))!.revoked).toBe(false);
    });

    it('refuses a visitor, another user and a form without CSRF', async () => {
      const owner = await withAccount();
      const key = (await createKey(owner.agent, { name: 'cms' })).token.split(':')[0]!;
      const path = `/settings/api/keys/${key}/revoke`;

      const visitor = request.agent(portal.app);
      expect((await visitor.get(path)).status).toBe(303);
      const csrf = csrfFrom((await visitor.get('/signin')).text);
      expect((await visitor.post(path).type('form').send({ confirm: 'revoke', _csrf: csrf })).status).toBe(401);

      const other = await withAccount();
      expect((await other.agent.get(path)).status).toBe(404);
      expect((await submit(other.agent, '/settings/api', path, { confirm: 'revoke' })).status).toBe(404);

      expect((await owner.agent.post(path).type('form').send({ confirm: 'revoke' })).status).toBe(403);
      expect((await repositoriesOf(portal.store).apiCredentials.findCredential(key))!.revoked).toBe(false);
    });
  });

  it('links both services’ documentation and OpenAPI documents, before an account is open too', async () => {
    const { agent } = await signedUp(portal.app);
    const page = (await agent.get('/settings/api')).text;
    for (const base of ['http://localhost:8080', 'http://localhost:8081']) {
      expect(page).toContain(`href="${base}/docs"`);
      expect(page).toContain(`href="${base}/openapi.json"`);
    }
  });
});

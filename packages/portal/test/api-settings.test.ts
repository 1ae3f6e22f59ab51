import { repositoriesOf } from '@byline/shared/store';
import {
  everythingStored,
  portalForEachTest,
  portalStoreFactories,
  profileForm,
  signedUp,
  submit,
  type Agent,
} from './support/portal-harness';
import { verifiers } from './support/verifiers';

const tokenOn = (html: string) => /id="new-token">([^<]+)</.exec(html)?.[1];

/** As a browser does it: the form's POST, then the GET its 303 leads to, which shows the new token. */
async function newKey(agent: Agent, action = '/settings/api/keys', name = 'a key') {
  const fields: Record<string, string> = action.endsWith('/rotate') ? { overlap: 'now', confirm_now: 'on' } : { name };
  const posted = await submit(agent, '/settings/api', action, fields);
  expect(posted.status).toBe(303);
  const shown = await agent.get(posted.headers.location!);
  expect(shown.status).toBe(200);
  return { posted, shown, token: tokenOn(shown.text)! };
}

describe.each(portalStoreFactories())('API settings ($name store)', (factory) => {
  const portal = portalForEachTest(factory);

  async function withAccount() {
    const session = await signedUp(portal.app);
    expect((await session.agent.get('/settings/api')).text).toContain('Open an API account');
    const opened = await submit(session.agent, '/settings/api', '/settings/api/account', {});
    expect(opened.status).toBe(303);
    return session;
  }

  async function verifiedArticle() {
    const { agent, email } = await signedUp(portal.app);
    await submit(agent, '/profile', '/profile', profileForm());
    await submit(agent, '/articles', '/articles', {
      link: 'https://paper.example/keys',
      title: 'Keys',
      published_at: '2024-01-01',
      active: 'on',
    });
    const user = await portal.repositories.users.findByEmail(email);
    await portal.repositories.verification.decide({
      profileId: user!.profileId!,
      actor: 'editor@example.org',
      action: 'verified',
      note: '',
    });
    return 'https://paper.example/keys';
  }

  it('creates a named key whose secret is shown once, and lists it with its times', async () => {
    const { agent, email } = await withAccount();
    const { posted, shown, token } = await newKey(agent, '/settings/api/keys', 'Newsroom CMS');
    expect(posted.headers.location).toBe('/settings/api');
    expect(token).toMatch(/^[0-9A-Za-z]{24}:[0-9A-Za-z]{24}$/);
    expect(shown.text).toContain('data-copy="new-token"');
    expect(shown.headers['cache-control']).toBe('no-store');

    const listed = await agent.get('/settings/api');
    expect(listed.text).toContain('Newsroom CMS');
    expect(listed.text).toContain(token.split(':')[0]);
    expect(listed.text).not.toContain(token.split(':')[1]);
    expect(listed.text).toMatch(/<time datetime="\d{4}-[^"]+Z">/);
    expect(listed.text).toContain('never');
    expect((await repositoriesOf(portal.store).apiKeys.keysOf(email)).map((k) => k.name)).toEqual(['Newsroom CMS']);
    expect(listed.text).toContain('No requests recorded yet.');
  });

  it('post/redirect/get: the secret on the page the POST leads to, never again on reload or back', async () => {
    const { agent } = await withAccount();
    const { token } = await newKey(agent, '/settings/api/keys', 'once only');
    expect(token).toMatch(/^\w{24}:\w{24}$/);
    const reloaded = await agent.get('/settings/api');
    expect(reloaded.status).toBe(200);
    expect(reloaded.text).toContain('once only');
    expect(reloaded.text).not.toContain(token.split(':')[1]);
    expect(tokenOn(reloaded.text)).toBeUndefined();
    // The address a browser showed after the old form's POST answers too, instead of 404.
    const old = await agent.get('/settings/api/keys');
    expect(old.status).toBe(303);
    expect(old.headers.location).toBe('/settings/api');
  });

  it('keeps the secret out of the store in clear while it waits to be shown, and forgets it once shown', async () => {
    const { agent } = await withAccount();
    const posted = await submit(agent, '/settings/api', '/settings/api/keys', { name: 'sealed' });
    expect(posted.status).toBe(303);
    const waiting = await everythingStored(portal.store);
    const shown = tokenOn((await agent.get('/settings/api')).text)!;
    const secret = shown.split(':')[1]!;
    expect(waiting.includes(Buffer.from(secret))).toBe(false);
    expect(tokenOn((await agent.get('/settings/api')).text)).toBeUndefined();
  });

  it('shows usage per key per day as a small chart', async () => {
    const { agent } = await withAccount();
    const key = (await newKey(agent, '/settings/api/keys', 'charted')).token.split(':')[0]!;
    await repositoriesOf(portal.store).usage.record([
      { key, day: '2024-05-01', count: 40 },
      { key, day: '2024-05-02', count: 10 },
    ]);
    const page = (await agent.get('/settings/api')).text;
    expect(page).toMatch(/<td>2024-05-01<\/td>\s*<td>40<\/td>\s*<td><progress max="40" value="40">/);
    expect(page).toMatch(/<td>2024-05-02<\/td>\s*<td>10<\/td>\s*<td><progress max="40" value="10">/);
  });

  it('needs a name for a key, shown next to the field', async () => {
    const { agent } = await withAccount();
    const res = await submit(agent, '/settings/api', '/settings/api/keys', { name: ' ' });
    expect(res.status).toBe(422);
    expect(res.text).toMatch(/id="f-name-error"[^>]*>Give the key a name/);
  });

  it('a revoked key is refused by the running verifiers within 5 s', async () => {
    const url = await verifiedArticle();
    const { agent } = await withAccount();
    const { token } = await newKey(agent, '/settings/api/keys', 'extension');
    const { verifyArticle, verifyJournalist } = verifiers(portal.store, 1000);
    expect((await verifyArticle(token, url)).status).toBe(200);
    expect((await verifyJournalist(token, 'anyone')).status).toBe(200);

    const revokePage = `/settings/api/keys/${token.split(':')[0]}/revoke`;
    const revoked = await submit(agent, revokePage, revokePage, { confirm: 'revoke' });
    expect(revoked.status).toBe(303);
    // Each verifier has its own short-lived credential cache, filled at its own moment: each must refuse the
    // key within 5 s of the revocation, not necessarily at the same instant.
    const started = Date.now();
    const statusWithin5s = async (call: () => Promise<{ status: number }>) => {
      let status = 200;
      while (status === 200 && Date.now() - started < 5000) {
        status = (await call()).status;
        if (status === 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return status;
    };
    expect(await statusWithin5s(() => verifyArticle(token, url))).toBe(401);
    expect(await statusWithin5s(() => verifyJournalist(token, 'anyone'))).toBe(401);
    expect((await agent.get('/settings/api')).text).toContain('Revoked');
  });

  it('rotates a key, cutting the old one now when asked to: a new secret under the same name, the old key revoked', async () => {
    const url = await verifiedArticle();
    const { agent } = await withAccount();
    const old = (await newKey(agent, '/settings/api/keys', 'wire desk')).token;
    const rotated = await newKey(agent, `/settings/api/keys/${old.split(':')[0]}/rotate`);
    const fresh = rotated.token;
    expect(fresh).toBeDefined();
    expect(rotated.shown.text).toContain('wire desk');
    expect(tokenOn((await agent.get('/settings/api')).text)).toBeUndefined();
    expect(fresh).not.toBe(old);
    const { verifyArticle } = verifiers(portal.store, 0);
    expect((await verifyArticle(fresh, url)).status).toBe(200);
    expect((await verifyArticle(old, url)).status).toBe(401);
  });

  it('never touches another account’s keys', async () => {
    const owner = await withAccount();
    const { token } = await newKey(owner.agent, '/settings/api/keys', 'mine');
    const other = await withAccount();
    const key = token.split(':')[0];
    expect((await submit(other.agent, '/settings/api', `/settings/api/keys/${key}/revoke`, { confirm: 'revoke' })).status).toBe(
      404,
    );
    expect((await submit(other.agent, '/settings/api', `/settings/api/keys/${key}/rotate`, {})).status).toBe(404);
    expect((await repositoriesOf(portal.store).apiCredentials.findCredential(key!))!.revoked).toBe(false);
  });

  it('asks to open an account before creating keys', async () => {
    const { agent } = await signedUp(portal.app);
    expect((await submit(agent, '/settings/api', '/settings/api/keys', { name: 'x' })).status).toBe(409);
  });
});

import request from 'supertest';
import { repositoriesOf } from '@byline/shared/store';
import { portalForEachTest, portalStoreFactories, signedUp, submit, type Agent } from './support/portal-harness';
import { verifiers } from './support/verifiers';

const tokenOn = (html: string) => /id="new-token">([^<]+)</.exec(html)?.[1];
const HOUR = 60 * 60 * 1000;

describe.each(portalStoreFactories())('rotating an API key with an overlap ($name store)', (factory) => {
  const portal = portalForEachTest(factory);

  /** A signed-in user with an API account and one key, and both verifiers reading the portal's clock. */
  async function withKey() {
    const { agent, email } = await signedUp(portal.app);
    await submit(agent, '/settings/api', '/settings/api/account', {});
    const created = await submit(agent, '/settings/api', '/settings/api/keys', { name: 'wire desk' });
    const old = tokenOn((await agent.get(created.headers.location!)).text)!;
    // No credential cache: each request reads the store, so only the clock decides.
    const both = verifiers(portal.store, 0, () => portal.clock.now.getTime());
    const works = async (token: string) => {
      const statuses = [
        (await both.verifyArticle(token, 'https://paper.example/nothing')).status,
        (await both.verifyJournalist(token, '@nobody')).status,
      ];
      return statuses.every((status) => status === 200) ? 'works' : statuses.join(',');
    };
    return { agent, email, old, key: old.split(':')[0]!, works };
  }

  async function rotate(agent: Agent, key: string, fields: Record<string, string>) {
    const posted = await submit(agent, `/settings/api/keys/${key}/rotate`, `/settings/api/keys/${key}/rotate`, fields);
    if (posted.status !== 303) return { posted, shown: null, fresh: undefined };
    const shown = await agent.get(posted.headers.location!);
    return { posted, shown, fresh: tokenOn(shown.text) };
  }

  it('asks first, a day by default; with an hour both secrets work, then only the new one', async () => {
    const { agent, email, key, old, works } = await withKey();
    const settings = await agent.get('/settings/api');
    expect(settings.text).toContain(`href="/settings/api/keys/${key}/rotate">Rotate…</a>`);
    const asked = await agent.get(`/settings/api/keys/${key}/rotate`);
    expect(asked.status).toBe(200);
    expect(asked.text).toMatch(/<input type="radio" id="f-overlap-24h" name="overlap" value="24h"\s+checked/);
    // Said as the revoke page says it: the verifiers' credential cache may take a few seconds to let go.
    expect(asked.text).toContain('Stop the old secret now (whatever still uses it fails within 5 seconds, as on revoking)');
    // A post without a choice (an old page, a hand-made request) is asked again, and changes nothing.
    const unchosen = await submit(agent, `/settings/api/keys/${key}/rotate`, `/settings/api/keys/${key}/rotate`, {});
    expect(unchosen.status).toBe(200);
    expect(unchosen.text).toContain('Rotate the key “wire desk”?');
    expect(await repositoriesOf(portal.store).apiKeys.keysOf(email)).toHaveLength(1);

    const rotatedAt = portal.clock.now;
    const { shown, fresh } = await rotate(agent, key, { overlap: '1h' });
    expect(fresh).toBeDefined();
    const stopsAt = new Date(rotatedAt.getTime() + HOUR).toISOString();
    expect(shown!.text).toContain(`It replaces key <code>${key}</code>, whose secret works until <time datetime="${stopsAt}">`);
    expect(await works(old)).toBe('works');
    expect(await works(fresh!)).toBe('works');
    const listed = (await agent.get('/settings/api')).text;
    expect(listed).toContain('Rotated: the old secret works until');
    // A key rotated away is not rotated again: its successor is.
    expect((await agent.get(`/settings/api/keys/${key}/rotate`)).status).toBe(404);

    portal.clock.now = new Date(rotatedAt.getTime() + HOUR - 1000);
    expect(await works(old)).toBe('works');
    portal.clock.now = new Date(rotatedAt.getTime() + HOUR);
    expect(await works(old)).toBe('401,401');
    expect(await works(fresh!)).toBe('works');
    const after = (await agent.get('/settings/api')).text;
    expect(after).toContain('Rotated: stopped');
    expect(after).not.toContain(`href="/settings/api/keys/${key}/revoke"`);
  });

  it('cuts the old secret at once only with its confirmation', async () => {
    const { agent, key, old, works } = await withKey();
    const unconfirmed = await rotate(agent, key, { overlap: 'now' });
    expect(unconfirmed.posted.status).toBe(422);
    expect(unconfirmed.posted.text).toMatch(/href="#f-confirm_now">Tick “Stop the old secret now”/);
    expect(unconfirmed.posted.text).toMatch(/id="f-confirm_now"[^>]*aria-invalid="true"/);
    expect(await works(old)).toBe('works');

    const refused = await rotate(agent, key, { overlap: '3d' });
    expect(refused.posted.status).toBe(422);
    expect(await works(old)).toBe('works');

    const { fresh } = await rotate(agent, key, { overlap: 'now', confirm_now: 'on' });
    expect(await works(old)).toBe('401,401');
    expect(await works(fresh!)).toBe('works');
  });

  it('stops a rotated key before its overlap ends when its owner revokes it', async () => {
    const { agent, key, old, works } = await withKey();
    const { fresh } = await rotate(agent, key, { overlap: '7d' });
    expect(await works(old)).toBe('works');
    const revoked = await submit(agent, `/settings/api/keys/${key}/revoke`, `/settings/api/keys/${key}/revoke`, {
      confirm: 'revoke',
    });
    expect(revoked.status).toBe(303);
    expect(await works(old)).toBe('401,401');
    expect(await works(fresh!)).toBe('works');
  });

  it('lets nobody else rotate the key, and refuses a rotation without the CSRF token', async () => {
    const { agent, key, works, old } = await withKey();
    const other = await signedUp(portal.app);
    await submit(other.agent, '/settings/api', '/settings/api/account', {});
    expect((await other.agent.get(`/settings/api/keys/${key}/rotate`)).status).toBe(404);
    const path = `/settings/api/keys/${key}/rotate`;
    expect((await submit(other.agent, '/settings/api', path, { overlap: 'now', confirm_now: 'on' })).status).toBe(404);
    expect((await agent.post(path).type('form').send({ overlap: 'now', confirm_now: 'on' })).status).toBe(403);
    const visitor = await request(portal.app).get(path);
    expect(visitor.status).toBe(303);
    expect(await works(old)).toBe('works');
  });
});

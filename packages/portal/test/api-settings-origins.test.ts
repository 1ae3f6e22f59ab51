import { repositoriesOf } from '@byline/shared/store';
import request from 'supertest';
import { quietLogger } from '@byline/test-support';
import { createApp as articleVerifier } from '../../article-verifier/src/app';
import { portalForEachTest, portalStoreFactories, signedUp, submit } from './support/portal-harness';

const tokenOn = (html: string) => /id="new-token">([^<]+)</.exec(html)?.[1];
const originsOn = (html: string) => /<textarea id="f-origins"[^>]*>([^<]*)<\/textarea>/.exec(html)?.[1];

describe.each(portalStoreFactories())('API settings: web origins ($name store)', (factory) => {
  const portal = portalForEachTest(factory);

  async function withKey() {
    const session = await signedUp(portal.app);
    expect((await submit(session.agent, '/settings/api', '/settings/api/account', {})).status).toBe(303);
    const posted = await submit(session.agent, '/settings/api', '/settings/api/keys', { name: 'news page' });
    const token = tokenOn((await session.agent.get(posted.headers.location!)).text)!;
    return { ...session, token };
  }

  /** The article verifier on the portal's store, as deployed, asked from a web page at `origin`. */
  const fromPage = (token: string, origin: string) =>
    request(articleVerifier({ store: portal.store, logger: quietLogger(), authCacheTtlMs: 0 }))
      .post('/api/verify_article')
      .query({ url: 'https://paper.example/none' })
      .set('Authorization', `Bearer ${token}`)
      .set('Origin', origin);

  it('saves the origins typed one per line, normalised, and the service then grants that page', async () => {
    const { agent, email, token } = await withKey();
    expect(originsOn((await agent.get('/settings/api')).text)).toBe('');
    expect((await fromPage(token, 'https://news.example')).headers['access-control-allow-origin']).toBeUndefined();

    const saved = await submit(agent, '/settings/api', '/settings/api/origins', {
      origins: 'HTTPS://News.Example/\r\n\r\nhttp://localhost:3000\r\n',
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe('/settings/api?done=origins');
    const page = (await agent.get(saved.headers.location!)).text;
    expect(page).toContain('Web origins saved');
    expect(originsOn(page)).toBe('https://news.example\nhttp://localhost:3000');
    expect(await repositoriesOf(portal.store).apiAccounts.originsOf(email)).toEqual([
      'https://news.example',
      'http://localhost:3000',
    ]);

    const granted = await fromPage(token, 'https://news.example');
    expect(granted.status).toBe(200);
    expect(granted.headers['access-control-allow-origin']).toBe('https://news.example');
    expect((await fromPage(token, 'https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();

    expect((await submit(agent, '/settings/api', '/settings/api/origins', { origins: '' })).status).toBe(303);
    expect(await repositoriesOf(portal.store).apiAccounts.originsOf(email)).toEqual([]);
    expect((await fromPage(token, 'https://news.example')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it.each([
    ['a path', 'https://news.example/widget', /no path/],
    ['a wildcard', 'https://*.news.example', /wildcards are not allowed/],
    ['more than 20 origins', Array.from({ length: 21 }, (_, i) => `https://s${i}.example`).join('\n'), /At most 20 origins/],
  ])('refuses %s with 422, the error next to the field and the text kept, storing nothing', async (_case, text, error) => {
    const { agent, email } = await withKey();
    await repositoriesOf(portal.store).apiAccounts.setOrigins(email, ['https://kept.example']);

    const res = await submit(agent, '/settings/api', '/settings/api/origins', { origins: text });
    expect(res.status).toBe(422);
    expect(res.text).toMatch(/<textarea id="f-origins"[^>]*aria-invalid="true"/);
    const shown = /id="f-origins-error"[^>]*>([^<]*)</.exec(res.text)?.[1];
    expect(shown).toMatch(error);
    expect(originsOn(res.text)).toBe(text);
    expect(await repositoriesOf(portal.store).apiAccounts.originsOf(email)).toEqual(['https://kept.example']);
  });

  it('refuses the form without its CSRF token, and before an API account is opened', async () => {
    const { agent, email } = await withKey();
    const forged = await agent.post('/settings/api/origins').type('form').send({ origins: 'https://evil.example' });
    expect(forged.status).toBe(403);
    expect(await repositoriesOf(portal.store).apiAccounts.originsOf(email)).toEqual([]);

    const newcomer = await signedUp(portal.app);
    const early = await submit(newcomer.agent, '/settings/api', '/settings/api/origins', { origins: 'https://a.example' });
    expect(early.status).toBe(409);
  });
});

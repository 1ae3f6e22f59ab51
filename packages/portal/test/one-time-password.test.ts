import request from 'supertest';
import { createEditor } from '@byline/editorial/use-cases/accounts';
import { csrfFrom, portalForEachTest, portalStoreFactories, signedUp, submit } from './support/portal-harness';

const DAY_MS = 24 * 60 * 60 * 1000;
let editors = 0;

describe.each(portalStoreFactories())('editor one-time password ($name store)', (factory) => {
  const portal = portalForEachTest(factory);

  async function newEditor() {
    const created = await createEditor(portal.repositories.users, `desk${++editors}-${Date.now()}@example.org`);
    if (created.status !== 'created') throw new Error(`expected a new editor, got ${created.status}`);
    return created;
  }

  const signIn = (email: string, password: string, agent = request.agent(portal.app)) =>
    submit(agent, '/signin', '/signin', { email, password });

  it('signs in once, then every page leads to choosing a password; a second sign-in with it fails', async () => {
    const { email, temporaryPassword } = await newEditor();
    const agent = request.agent(portal.app);
    const first = await signIn(email, temporaryPassword, agent);
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/settings/password');

    for (const page of ['/editor/queue', '/profile', '/settings/api', '/']) {
      const res = await agent.get(page);
      expect([page, res.status, res.headers.location]).toEqual([page, 303, '/settings/password']);
    }
    const form = await agent.get('/settings/password');
    expect(form.status).toBe(200);
    expect(form.text).toContain('Choose your own password');
    expect(form.text).not.toContain('Current password');
    const elsewhere = await agent
      .post('/profile')
      .type('form')
      .send({ profile_first_name: 'Desk', _csrf: csrfFrom(form.text) });
    expect(elsewhere.status).toBe(403);

    const again = await signIn(email, temporaryPassword);
    expect(again.status).toBe(401);

    const short = await submit(agent, '/settings/password', '/settings/password', { password: 'short' });
    expect(short.status).toBe(422);
    const chosen = await submit(agent, '/settings/password', '/settings/password', { password: 'the desk’s own password' });
    expect(chosen.status).toBe(303);
    expect(chosen.headers.location).toBe('/editor/queue?notice=password-saved');
    const landed = await agent.get(chosen.headers.location!);
    expect(landed.status).toBe(200);
    expect(landed.text).toMatch(/<p class="notice" role="status" id="page-notice">Password saved\.<\/p>/);
    // Only the known notices are shown: the query cannot put words of its own on the page.
    expect((await agent.get('/editor/queue?notice=Your+account+is+locked')).text).not.toContain('id="page-notice"');

    const later = await signIn(email, 'the desk’s own password');
    expect(later.status).toBe(303);
    expect(later.headers.location).toBe('/editor/queue');
    expect((await signIn(email, temporaryPassword)).status).toBe(401);
  });

  it('stops working after 24 hours, saying so and how to get a new one', async () => {
    const { email, temporaryPassword } = await newEditor();
    portal.clock.now = new Date(portal.clock.now.getTime() + DAY_MS + 60_000);
    const late = await signIn(email, temporaryPassword);
    expect(late.status).toBe(401);
    expect(late.text).toContain('This one-time password has expired');
    expect(late.text).toContain('/forgot-password');
    // Whom to ask, never a command: the person signing in does not run the portal.
    expect(late.text).toContain('or ask whoever runs this Byline for a fresh one-time');
    expect(late.text).not.toContain('npx');
    expect(late.text).not.toContain('byline editors');
  });

  it('editors create again gives an editor who never chose a password a fresh one; the old one stops working', async () => {
    const first = await newEditor();
    const second = await createEditor(portal.repositories.users, first.email);
    expect(second).toMatchObject({ status: 'reissued', email: first.email });
    const fresh = (second as { temporaryPassword: string }).temporaryPassword;
    expect(fresh).not.toBe(first.temporaryPassword);
    expect((await signIn(first.email, first.temporaryPassword)).status).toBe(401);

    const agent = request.agent(portal.app);
    expect((await signIn(first.email, fresh, agent)).headers.location).toBe('/settings/password');
    await submit(agent, '/settings/password', '/settings/password', { password: 'finally my own one' });
    expect(await createEditor(portal.repositories.users, first.email)).toEqual({ status: 'promoted', email: first.email });
    expect((await signIn(first.email, 'finally my own one')).status).toBe(303);
  });

  it('lands an editor on the verification queue after sign-in, a journalist on the profile, and follows next', async () => {
    const journalist = await signedUp(portal.app);
    expect((await signIn(journalist.email, journalist.password)).headers.location).toBe('/profile');
    const editor = await signedUp(portal.app);
    await createEditor(portal.repositories.users, editor.email);
    expect((await signIn(editor.email, editor.password)).headers.location).toBe('/editor/queue');
    const withNext = await submit(request.agent(portal.app), '/signin?next=/articles', '/signin', {
      email: editor.email,
      password: editor.password,
      next: '/articles',
    });
    expect(withNext.headers.location).toBe('/articles');
  });
});

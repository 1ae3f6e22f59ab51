import request from 'supertest';
import { journalist } from './support/editors';
import { portalStoreFactories, signedUp, startPortal, submit, type Portal } from './support/portal-harness';

/**
 * What every page carries for keyboard and screen-reader users, and the served script's progressive parts: the
 * markup works without it (the browser tests check what it does).
 */
describe.each(portalStoreFactories().slice(0, 1))('page furniture ($name store)', (factory) => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal(factory);
  });
  afterAll(() => portal.close());

  it('a skip link first, the content its target, and the current page marked in the navigation', async () => {
    const { agent } = await journalist(portal, {}, { request: false });
    const page = (await agent.get('/articles')).text;
    const body = page.slice(page.indexOf('<body>'));
    expect(body).toMatch(/^<body>\s*<a class="skip-link" href="#main">Skip to content<\/a>/);
    expect(page).toContain('<main id="main" tabindex="-1">');
    expect(page.match(/aria-current="page"/g)).toHaveLength(1);
    expect(page).toMatch(/<a href="\/articles" aria-current="page">Articles<\/a>/);
    expect(page).toContain('<a href="/profile">Profile</a>');
    // A page under a navigation item marks it too; a page of none marks nothing.
    expect((await agent.get('/settings/api/webhooks')).text).toMatch(/href="\/settings\/api" aria-current="page"/);
    expect((await agent.get('/account/delete')).text).not.toContain('aria-current');
    expect((await request(portal.app).get('/signin')).text).toMatch(/href="\/signin" aria-current="page"/);
  });

  it('a new profile form promises the Proofs section for after it is created, not “below” it', async () => {
    const { agent } = await signedUp(portal.app);
    const form = (await agent.get('/profile')).text;
    expect(form).toContain('Create your journalist profile');
    expect(form).not.toContain('id="proofs-heading"');
    expect(form).not.toMatch(/prove it below|prove each below/);
    expect(form).toContain('once the profile is created, a Proofs section under this form shows how');
    const { agent: withProfile } = await journalist(portal, {}, { request: false });
    const own = (await withProfile.get('/profile')).text;
    expect(own).toContain('id="proofs-heading"');
    expect(own).toContain('Each handle is a claim until you prove it below.');
  });

  it('an error summary the script can focus, and buttons of slow checks that say Checking… once pressed', async () => {
    const { agent } = await signedUp(portal.app);
    const failed = await submit(agent, '/profile', '/profile', { profile_first_name: '' });
    expect(failed.status).toBe(422);
    expect(failed.text).toContain('<p class="form-error" role="alert" tabindex="-1">Please correct the fields marked below.</p>');
    const deleting = await submit(agent, '/account/delete', '/account/delete', { email: 'not-mine@example.org' });
    expect(deleting.text).toMatch(/<p class="form-error" role="alert" tabindex="-1">/);

    const writer = await journalist(portal, {}, { request: false });
    const articles = (await writer.agent.get('/articles')).text;
    expect(articles).toContain('<button type="submit" data-busy="Checking…" data-label="Add article">Add article</button>');

    const script = await request(portal.app).get('/assets/portal.js');
    expect(script.text).toContain("document.querySelector('.form-error')");
    expect(script.text).toContain("button.getAttribute('data-busy')");
    expect(script.text).toContain('button[data-copy][hidden]');
  });
});

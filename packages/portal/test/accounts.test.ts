import request from 'supertest';
import { SignInThrottle } from '../src/auth/sign-in-throttle';
import { SESSION_COOKIE } from '../src/http/sessions';
import {
  csrfFrom,
  everythingStored,
  portalForEachTest,
  portalStoreFactories,
  restartPortal,
  signedUp,
  startPortal,
  submit,
} from './support/portal-harness';

describe.each(portalStoreFactories())('portal accounts ($name store)', (factory) => {
  const portal = portalForEachTest(factory);

  it('signs up, keeps the session in an HTTP-only SameSite cookie and shows the profile form', async () => {
    const agent = request.agent(portal.app);
    const res = await submit(agent, '/signup', '/signup', { email: ' Reporter@Example.org ', password: 'correct horse battery' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/profile');
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const profile = await agent.get('/profile');
    expect(profile.status).toBe(200);
    expect(profile.text).toContain('Create your journalist profile');
  });

  it('marks the cookie Secure behind an https proxy', async () => {
    const secure = await startPortal(factory, { trustProxy: true });
    try {
      const page = await request(secure.app).get('/signup').set('X-Forwarded-Proto', 'https');
      const csrfCookie = String(page.headers['set-cookie']);
      expect(csrfCookie).toMatch(/byline_csrf=[^;]+;.*Secure/);
      // A cookie jar keeps Secure cookies off plain http, so the test hands the cookie back itself.
      const res = await request(secure.app)
        .post('/signup')
        .set('X-Forwarded-Proto', 'https')
        .set('Cookie', csrfCookie.split(';')[0]!)
        .type('form')
        .send({ email: 'secure@example.org', password: 'correct horse battery', _csrf: csrfFrom(page.text) });
      expect(res.status).toBe(303);
      expect(String(res.headers['set-cookie'])).toMatch(/byline_session=[^;]+;.*Secure/);
    } finally {
      await secure.close();
    }
  });

  it('never stores the password in clear: only a salted scrypt hash', async () => {
    const password = 'Unmistakable-Pass-9431';
    await signedUp(portal.app, 'clear@example.org', password);
    await signedUp(portal.app, 'clear2@example.org', password);
    const one = await portal.repositories.users.findByEmail('clear@example.org');
    const two = await portal.repositories.users.findByEmail('clear2@example.org');
    // The cost under test (see passwordHashParams): a password hash unit test pins down production's.
    expect(one!.passwordHash).toMatch(/^scrypt\$1024\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(one!.passwordHash).not.toBe(two!.passwordHash);
    expect((await everythingStored(portal.store)).includes(Buffer.from(password))).toBe(false);
  });

  it('refuses a second account with the same email, next to the email field', async () => {
    await signedUp(portal.app, 'twice@example.org');
    const res = await submit(request.agent(portal.app), '/signup', '/signup', {
      email: 'TWICE@example.org',
      password: 'another long password',
    });
    expect(res.status).toBe(422);
    expect(res.text).toMatch(/id="f-email-error"[^>]*>An account with this email exists/);
  });

  it('shows each invalid field with its own message', async () => {
    const res = await submit(request.agent(portal.app), '/signup', '/signup', { email: 'not-an-email', password: 'short' });
    expect(res.status).toBe(422);
    expect(res.text).toMatch(/id="f-email-error"[^>]*>Enter an email address/);
    expect(res.text).toMatch(/id="f-password-error"[^>]*>Use at least 10 characters/);
    expect(res.text).toContain('value="not-an-email"');
  });

  it('signs in and out; a wrong password is refused without saying which part was wrong', async () => {
    const { email, password } = await signedUp(portal.app);
    const agent = request.agent(portal.app);
    const wrong = await submit(agent, '/signin', '/signin', { email, password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain('The email or password is not right.');
    const unknown = await submit(agent, '/signin', '/signin', { email: 'nobody@example.org', password });
    expect(unknown.status).toBe(401);
    expect(unknown.text).toContain('The email or password is not right.');
    const ok = await submit(agent, '/signin?next=/articles', '/signin', { email, password, next: '/articles' });
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe('/articles');
    expect((await agent.get('/profile')).status).toBe(200);
    const out = await submit(agent, '/profile', '/signout', {});
    expect(out.status).toBe(303);
    const after = await agent.get('/profile');
    expect(after.status).toBe(303);
    expect(after.headers.location).toBe('/signin?next=%2Fprofile');
  });

  it('never follows a next address to another site after sign-in', async () => {
    const { email, password } = await signedUp(portal.app);
    const res = await submit(request.agent(portal.app), '/signin', '/signin', { email, password, next: '//evil.example/' });
    expect(res.headers.location).toBe('/profile');
  });

  it('rejects a form without the CSRF token, or with a wrong one', async () => {
    const anonymous = request.agent(portal.app);
    await anonymous.get('/signup');
    const missing = await anonymous
      .post('/signup')
      .type('form')
      .send({ email: 'csrf@example.org', password: 'correct horse battery' });
    expect(missing.status).toBe(403);
    expect(missing.text).toContain('This form has expired or did not come from this site.');
    expect(await portal.repositories.users.findByEmail('csrf@example.org')).toBeNull();

    const { agent } = await signedUp(portal.app);
    const page = await agent.get('/profile');
    const forged = await agent
      .post('/profile')
      .type('form')
      .send({ profile_first_name: 'Mallory', _csrf: 'x'.repeat(43) });
    expect(forged.status).toBe(403);
    const anotherVisitorsToken = csrfFrom((await request.agent(portal.app).get('/signup')).text);
    const crossed = await agent
      .post('/profile')
      .type('form')
      .send({ profile_first_name: 'Mallory', _csrf: anotherVisitorsToken });
    expect(crossed.status).toBe(403);
    const ok = await agent
      .post('/profile')
      .type('form')
      .send({ profile_first_name: 'Real', _csrf: csrfFrom(page.text) });
    expect(ok.status).toBe(303);
  });

  it('ends the session when it expires', async () => {
    const { agent } = await signedUp(portal.app);
    expect((await agent.get('/profile')).status).toBe(200);
    portal.clock.now = new Date(portal.clock.now.getTime() + 12 * 60 * 60 * 1000 + 1000);
    const expired = await agent.get('/profile');
    expect(expired.status).toBe(303);
    expect(expired.headers.location).toMatch(/^\/signin/);
  });

  it('throttles sign-in per account and client address, even with the right password afterwards', async () => {
    const { email, password } = await signedUp(portal.app);
    const agent = request.agent(portal.app);
    for (let i = 0; i < 5; i++)
      expect((await submit(agent, '/signin', '/signin', { email, password: `wrong ${i}` })).status).toBe(401);
    const blocked = await submit(agent, '/signin', '/signin', { email, password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.text).toContain('Too many failed attempts');
  });

  it('throttles sign-in per client address across accounts', async () => {
    await restartPortal(portal, factory, { throttle: new SignInThrottle({ perPair: 5, perAddress: 4 }) });
    const agent = request.agent(portal.app);
    for (let i = 0; i < 4; i++)
      await submit(agent, '/signin', '/signin', { email: `guess${i}@example.org`, password: 'guess guess guess' });
    const { email, password } = await signedUp(portal.app);
    const blocked = await submit(agent, '/signin', '/signin', { email, password });
    expect(blocked.status).toBe(429);
  });

  it('sends security headers and serves its stylesheet', async () => {
    const res = await request(portal.app).get('/signin');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.text).toContain('<meta name="viewport"');
    const css = await request(portal.app).get('/assets/portal.css');
    expect(css.status).toBe(200);
    expect(css.text).toContain('@media (max-width: 600px)');
  });

  it('changes the password', async () => {
    const { agent, email, password } = await signedUp(portal.app);
    const wrong = await submit(agent, '/settings/password', '/settings/password', {
      current: 'nope nope nope',
      password: 'a brand new password',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.text).toMatch(/id="f-current-error"[^>]*>This is not your current password/);
    const ok = await submit(agent, '/settings/password', '/settings/password', {
      current: password,
      password: 'a brand new password',
    });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('Password saved. You are signed out everywhere else.');
    const signIn = await submit(request.agent(portal.app), '/signin', '/signin', { email, password: 'a brand new password' });
    expect(signIn.status).toBe(303);
  });

  it('a password change ends the user’s other sessions, not this one nor anyone else’s', async () => {
    const { agent, email, password } = await signedUp(portal.app);
    const otherDevice = request.agent(portal.app);
    expect((await submit(otherDevice, '/signin', '/signin', { email, password })).status).toBe(303);
    const someoneElse = await signedUp(portal.app);
    expect((await otherDevice.get('/profile')).status).toBe(200);

    const changed = await submit(agent, '/settings/password', '/settings/password', {
      current: password,
      password: 'a brand new password',
    });
    expect(changed.status).toBe(200);
    expect((await agent.get('/profile')).status).toBe(200);
    const ended = await otherDevice.get('/profile');
    expect(ended.status).toBe(303);
    expect(ended.headers.location).toMatch(/^\/signin/);
    expect((await someoneElse.agent.get('/profile')).status).toBe(200);
  });
});

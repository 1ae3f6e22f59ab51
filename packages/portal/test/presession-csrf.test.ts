import request from 'supertest';
import type { StoreFactory } from '@byline/test-support';
import { CSRF_COOKIE, HOST_PRESESSION_COOKIE, presessionToken } from '../src/http/csrf';
import { csrfFrom, portalStoreFactories, startPortal, type Portal } from './support/portal-harness';

/**
 * Signed out, the sign-in and sign-up forms carry the token of a pre-session: a random id in an HTTP-only cookie
 * (`__Host-` when the public address is https) and, in the form, an HMAC keyed by it. A token from another
 * pre-session, or a cookie set without the prefix, is refused.
 */

const HTTPS_URLS = {
  portal: 'https://portal.example.org',
  articleVerifier: 'https://articles.example.org',
  journalistVerifier: 'https://journalists.example.org',
};

const cookiesOf = (res: request.Response): string[] => ([] as string[]).concat(res.headers['set-cookie'] ?? []);
const cookieNamed = (res: request.Response, name: string) => cookiesOf(res).find((c) => c.startsWith(`${name}=`));
const valueOf = (cookie: string) => cookie.split(';')[0]!.split('=')[1]!;

describe.each(portalStoreFactories())('signed-out CSRF pre-session ($name store)', (factory: StoreFactory) => {
  let portal: Portal;
  afterEach(() => portal.close());

  /** A pre-session: its cookie (name=value) and the token its form carries. */
  async function presession(name: string) {
    const page = await request(portal.app).get('/signup');
    const cookie = cookieNamed(page, name)!;
    return { cookie, pair: cookie.split(';')[0]!, token: csrfFrom(page.text) };
  }

  const signUp = (cookie: string, token: string, email: string) =>
    request(portal.app)
      .post('/signup')
      .set('Cookie', cookie)
      .type('form')
      .send({ email, password: 'correct horse battery', _csrf: token });

  describe('public address https', () => {
    beforeEach(async () => {
      portal = await startPortal(factory, { publicUrls: HTTPS_URLS });
    });

    it('keeps the pre-session in a __Host- cookie (Secure, Path=/, no Domain, HTTP-only) that the form token does not reveal', async () => {
      const { cookie, token } = await presession(HOST_PRESESSION_COOKIE);
      expect(cookie).toMatch(/; Path=\/(;|$)/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).not.toMatch(/Domain=/i);
      expect(token).not.toBe(valueOf(cookie));
      expect(token).toBe(presessionToken(valueOf(cookie)));
      expect(cookieNamed(await request(portal.app).get('/signup'), CSRF_COOKIE)).toBeUndefined();
    });

    it('accepts the form with its own pre-session, and refuses a token from another pre-session', async () => {
      const mine = await presession(HOST_PRESESSION_COOKIE);
      const theirs = await presession(HOST_PRESESSION_COOKIE);
      expect((await signUp(mine.pair, theirs.token, 'crossed@example.org')).status).toBe(403);
      expect(await portal.repositories.users.findByEmail('crossed@example.org')).toBeNull();
      expect((await signUp(mine.pair, mine.token, 'own@example.org')).status).toBe(303);
    });

    it('refuses a pre-session planted in a cookie without the prefix, even with its fitting token', async () => {
      const planted = 'P'.repeat(43);
      const res = await signUp(`${CSRF_COOKIE}=${planted}`, presessionToken(planted), 'planted@example.org');
      expect(res.status).toBe(403);
      // Nor does the old scheme (the token equal to the cookie) pass any more.
      expect((await signUp(`${HOST_PRESESSION_COOKIE}=${planted}`, planted, 'echo@example.org')).status).toBe(403);
      expect(await portal.repositories.users.findByEmail('planted@example.org')).toBeNull();
    });
  });

  describe('public address plain http (local development)', () => {
    beforeEach(async () => {
      portal = await startPortal(factory);
    });

    it('uses a cookie without the prefix, not Secure on http, and still refuses another pre-session’s token', async () => {
      const mine = await presession(CSRF_COOKIE);
      expect(mine.cookie).not.toMatch(/Secure/);
      expect(mine.token).toBe(presessionToken(valueOf(mine.cookie)));
      const theirs = await presession(CSRF_COOKIE);
      expect((await signUp(mine.pair, theirs.token, 'crossed-http@example.org')).status).toBe(403);
      expect((await signUp(mine.pair, mine.token, 'own-http@example.org')).status).toBe(303);
    });
  });
});

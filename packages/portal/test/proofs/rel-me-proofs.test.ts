/**
 * Proving a website (a personal site or a fediverse profile page) with a rel="me" link back to the profile's
 * public address, through the portal's "Check now": the claimed pages are served on loopback, fetched with
 * the SSRF-safe fetch, and never from a private address (every redirect hop checked).
 */
import http from 'node:http';
import request from 'supertest';
import { createSafeFetch } from '@byline/fetcher';
import { loopbackOutbound, type StoreFactory } from '@byline/test-support';
import type { PortalDeps } from '../../src/deps';
import {
  csrfFrom,
  pageServer,
  portalStoreFactories,
  profileForm,
  signedUp,
  startPortal,
  submit,
  testResolver,
  type Agent,
  type Portal,
} from '../support/portal-harness';
import { PORTAL_URL, PUBLIC_URLS } from './portal-networks';

type Site = Awaited<ReturnType<typeof pageServer>>;

/** Pages of the journalist's site; `profile` is the public address they should link back to. */
function sitePages(link: () => string): http.RequestListener {
  const page = (res: http.ServerResponse, body: string, status = 200) => {
    res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><title>Aoife</title></head><body>${body}</body></html>`);
  };
  return (req, res) => {
    switch (req.url) {
      case '/about':
        return page(res, `<p>Reporter.</p><a rel="me" href="${link()}">Byline</a>`);
      case '/@aoife': // Mastodon's profile fields
        return page(
          res,
          `<dl><dt>Byline</dt><dd><a href="${link()}" target="_blank" rel="nofollow noopener noreferrer me" translate="no">${link()}</a></dd></dl>`,
        );
      case '/unlinked':
        return page(res, `<p>Reporter.</p><a href="${link()}">Byline, but not rel="me"</a>`);
      case '/elsewhere':
        return page(res, `<a rel="me" href="${PORTAL_URL}/j/someone-else">Byline</a>`);
      case '/to-link-local':
        res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' });
        return res.end();
      case '/to-intranet':
        res.writeHead(302, { Location: 'http://intranet.test/about' });
        return res.end();
      default:
        return page(res, '<p>Not found</p>', 404);
    }
  };
}

describe.each(portalStoreFactories())('proofs: rel="me" ($name store)', (factory: StoreFactory) => {
  let portal: Portal;
  let site: Site;
  let slug = '';
  beforeAll(async () => {
    site = await pageServer(sitePages(() => `${PORTAL_URL}/j/${slug}`));
  });
  afterAll(() => site.close());

  async function start(overrides: Partial<PortalDeps> = {}) {
    portal = await startPortal(factory, {
      publicUrls: PUBLIC_URLS,
      // ALLOWED_PRIVATE_ADDRESSES lists loopback (the claimed pages are served there), other private addresses
      // are refused; names resolved here.
      proofFetch: createSafeFetch({ ...loopbackOutbound(testResolver({ 'intranet.test': '10.0.0.8' })), timeoutMs: 3000 }),
      ...overrides,
    });
  }
  afterEach(() => portal?.close());

  /** A journalist whose profile lists these websites; the id of each website claim, by path. */
  async function journalistWithSites(...paths: string[]) {
    const { agent, email } = await signedUp(portal.app);
    const saved = await submit(agent, '/profile', '/profile', { ...profileForm(), websites: paths.map(site.url).join('\n') });
    expect(saved.status).toBe(303);
    const { profileId } = (await portal.repositories.users.findByEmail(email))!;
    slug = (await portal.repositories.profiles.findById(profileId!))!.profile_slug;
    const claims = await portal.claims.claimsOf(profileId!);
    const idOf = (path: string) => claims.find((claim) => claim.value === site.url(path))!.id;
    return { agent, profileId: profileId!, idOf };
  }

  async function checkNow(agent: Agent, claimId: number) {
    const page = await agent.get('/profile');
    return agent
      .post(`/profile/proofs/websites/${claimId}/check`)
      .type('form')
      .send({ _csrf: csrfFrom(page.text) });
  }

  /**
   * "Check now" as a browser follows it: the POST answers 303 to the profile page opened at the claim checked; that
   * page's entry for the claim, and the whole page.
   */
  async function checkedPage(agent: Agent, claimId: number) {
    const res = await checkNow(agent, claimId);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/profile?proof=1#claim-${claimId}`);
    const page = await agent.get(res.headers.location!.replace(/#.*/, ''));
    expect(page.status).toBe(200);
    const start = page.text.indexOf(`id="claim-${claimId}"`);
    expect(start).toBeGreaterThan(-1);
    const end = page.text.slice(start + 1).search(/<li class="claim"|<\/section>/);
    return { entry: page.text.slice(start, start + 1 + end), text: page.text };
  }

  it('proves a site that links back with rel="me", and checks it again daily', async () => {
    await start();
    const { agent, profileId, idOf } = await journalistWithSites('/about');
    const before = await agent.get('/profile');
    expect(before.text).toContain(`&lt;a rel=&quot;me&quot; href=&quot;${PORTAL_URL}/j/${slug}&quot;&gt;`);
    expect(before.text).toContain('Check now');
    // The link to paste has its Copy button (shown by the served script), and Check now says Checking… once pressed.
    const snippet = /<code class="token" id="(rel-me-\d+)">&lt;a rel=&quot;me&quot;/.exec(before.text);
    expect(snippet).not.toBeNull();
    expect(before.text).toMatch(new RegExp(`data-copy="${snippet![1]}" aria-label="Copy the link" hidden>Copy</button>`));
    expect(before.text).toContain('data-busy="Checking…" data-label="Check now">Check now</button>');

    const { entry, text } = await checkedPage(agent, idOf('/about'));
    const held = `${site.url('/about')} is proven: it links back to your public page with rel=&quot;me&quot;.`;
    expect(entry).toContain(held);
    expect(text.split(held)).toHaveLength(2); // next to the claim, and nowhere else
    expect(text).not.toContain('Check now');
    expect((await agent.get('/profile')).text).not.toContain(held); // shown once
    const [claim] = (await portal.claims.claimsOf(profileId)).filter((c) => c.kind === 'website');
    expect(claim).toMatchObject({ state: 'proven', value: site.url('/about') });
    expect(claim!.evidence).toEqual([
      expect.objectContaining({
        method: 'rel-me',
        provider: { id: 'urn:byline:rel-me', name: 'Byline rel="me" check' },
        provenValue: site.url('/about'),
        by: 'byline:rel-me check',
        nextCheckAt: new Date(portal.clock.now.getTime() + 24 * 3600_000).toISOString(),
      }),
    ]);
  });

  it('proves a Mastodon profile page whose profile field links back (rel holds "me" among others)', async () => {
    await start();
    const { agent, idOf } = await journalistWithSites('/@aoife');
    expect((await checkedPage(agent, idOf('/@aoife'))).entry).toContain('is proven');
  });

  it.each([
    ['/unlinked', 'the page has no rel=&quot;me&quot; link to this profile'],
    ['/elsewhere', 'the page has rel=&quot;me&quot; links, but none to this profile'],
    ['/missing', 'the page answered HTTP 404'],
  ])('does not prove %s, and says why next to that website', async (path, why) => {
    await start();
    const { agent, profileId, idOf } = await journalistWithSites(path, '/about');
    const { entry, text } = await checkedPage(agent, idOf(path));
    const failing = `${site.url(path)} is not proven yet: ${why}.`;
    expect(entry).toContain(failing);
    expect(entry).toContain('role="alert"');
    expect(entry).toContain('Check now');
    expect(text.split(failing)).toHaveLength(2);
    expect(text.indexOf(failing)).toBeGreaterThan(text.indexOf('id="proofs-heading"'));
    expect((await portal.claims.claimsOf(profileId)).find((c) => c.kind === 'website')!.state).toBe('claimed');
  });

  it.each(['/to-link-local', '/to-intranet'])('refuses a page that redirects to a private address (%s)', async (path) => {
    await start();
    const { agent, profileId, idOf } = await journalistWithSites(path);
    const { entry } = await checkedPage(agent, idOf(path));
    expect(entry).toContain('the address points to a private or local network, which Byline does not fetch');
    expect((await portal.claims.claimsOf(profileId)).find((c) => c.kind === 'website')!.state).toBe('claimed');
  });

  it('fetches no private address with the production fetch: a claimed page on loopback is refused', async () => {
    await start({ proofFetch: createSafeFetch() });
    const { agent, profileId, idOf } = await journalistWithSites('/about');
    const { entry } = await checkedPage(agent, idOf('/about'));
    expect(entry).toContain('the address points to a private or local network, which Byline does not fetch');
    expect((await portal.claims.claimsOf(profileId)).find((c) => c.kind === 'website')!.state).toBe('claimed');
  });

  it('checks only the journalist’s own live websites, signed in and with the form’s CSRF token', async () => {
    await start();
    const owner = await journalistWithSites('/about');
    const other = await signedUp(portal.app);
    await submit(other.agent, '/profile', '/profile', profileForm());
    expect((await checkNow(other.agent, owner.idOf('/about'))).status).toBe(404);
    expect((await checkNow(owner.agent, 999_999)).status).toBe(404);

    const visitor = request.agent(portal.app);
    const signin = await visitor.get('/signin');
    const refused = await visitor
      .post(`/profile/proofs/websites/${owner.idOf('/about')}/check`)
      .type('form')
      .send({ _csrf: csrfFrom(signin.text) });
    expect(refused.status).toBe(401);
    const withoutToken = await owner.agent
      .post(`/profile/proofs/websites/${owner.idOf('/about')}/check`)
      .type('form')
      .send({});
    expect(withoutToken.status).toBe(403);
    const [claim] = (await portal.claims.claimsOf(owner.profileId)).filter((c) => c.kind === 'website');
    expect(claim).toMatchObject({ state: 'claimed', evidence: [] });
  });
});

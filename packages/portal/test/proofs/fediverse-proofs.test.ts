/**
 * A fediverse account (`@user@host`) claimed on the profile form and proven like a website: "Check now" reads the
 * account's profile page, `https://host/@user`, for a rel="me" link back to the public page. The account's server
 * is a local page server here: the proof fetch sends `https://social.test/…` to it, every other address as is.
 */
import http from 'node:http';
import request from 'supertest';
import { createSafeFetch, type SafeFetch } from '@byline/fetcher';
import { bearer, loopbackOutbound, type StoreFactory } from '@byline/test-support';
import { answerFor, editor, ONLY_X, reviewPath } from '../support/editors';
import {
  csrfFrom,
  pageServer,
  portalForEachTest,
  portalStoreFactories,
  profileForm,
  profileSent,
  signedUp,
  submit,
  type Agent,
} from '../support/portal-harness';
import { proveClaim } from '../support/proofs';
import { verifiers } from '../support/verifiers';
import { PORTAL_URL, PUBLIC_URLS } from './portal-networks';

type Server = Awaited<ReturnType<typeof pageServer>>;

/** A Mastodon-like server: @aoife's page links back with rel="me" (a profile field), @quiet's does not. */
function accountPages(link: () => string): http.RequestListener {
  return (req, res) => {
    const page = (body: string, status = 200) => {
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head><title>Account</title></head><body>${body}</body></html>`);
    };
    if (req.url === '/@aoife')
      return page(`<dl><dt>Byline</dt><dd><a href="${link()}" rel="nofollow noopener noreferrer me">${link()}</a></dd></dl>`);
    if (req.url === '/@quiet') return page(`<p>No links here.</p>`);
    return page('<p>Not found</p>', 404);
  };
}

/** The safe fetch, with the account server's https address served by the local page server. */
function fetchVia(server: Server): SafeFetch {
  const safe = createSafeFetch({ ...loopbackOutbound(), timeoutMs: 3000 });
  return (input, init) => {
    const url = String(input);
    return safe(url.startsWith('https://social.test/') ? server.url(url.slice('https://social.test'.length)) : url, init);
  };
}

describe.each(portalStoreFactories())('proofs: fediverse accounts ($name store)', (factory: StoreFactory) => {
  let server: Server;
  let slug = '';
  beforeAll(async () => {
    server = await pageServer(accountPages(() => `${PORTAL_URL}/j/${slug}`));
  });
  afterAll(() => server.close());
  const portal = portalForEachTest(factory, () => ({ publicUrls: PUBLIC_URLS, proofFetch: fetchVia(server) }));

  async function journalistClaiming(fediverse: string, overrides: Record<string, string> = {}) {
    const { agent, email } = await signedUp(portal.app);
    const form = profileForm({ ...overrides, fediverse });
    const saved = await submit(agent, '/profile', '/profile', form);
    expect(saved.status).toBe(303);
    const profileId = (await portal.repositories.users.findByEmail(email))!.profileId!;
    slug = (await portal.repositories.profiles.findById(profileId))!.profile_slug;
    const claims = (await portal.claims.claimsOf(profileId)).filter((claim) => claim.kind === 'fediverse');
    return { agent, email, form, profileId, claims };
  }

  async function checkNow(agent: Agent, claimId: number) {
    const page = await agent.get('/profile');
    const res = await agent
      .post(`/profile/proofs/websites/${claimId}/check`)
      .type('form')
      .send({ _csrf: csrfFrom(page.text) });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/profile?proof=1#claim-${claimId}`);
    return (await agent.get('/profile?proof=1')).text;
  }

  it('keeps the account as a claim in its normal form, shown back on the form with how to prove it', async () => {
    const { agent, claims } = await journalistClaiming('Aoife@Social.Test\n@aoife@social.test');
    expect(claims).toEqual([
      expect.objectContaining({ value: '@Aoife@social.test', key: '@aoife@social.test', state: 'claimed' }),
    ]);
    const page = (await agent.get('/profile')).text;
    expect(page).toMatch(/<textarea[^>]*name="fediverse"[^>]*>@Aoife@social\.test<\/textarea>/);
    expect(page).toContain('Fediverse @Aoife@social.test');
    expect(page).toContain('Byline reads <code>https://social.test/@Aoife</code>');
  });

  it('proves the account when its profile page links back with rel="me", with rel-me evidence of that page', async () => {
    const { agent, profileId, claims } = await journalistClaiming('@aoife@social.test');
    const text = await checkNow(agent, claims[0]!.id);
    expect(text).toContain('@aoife@social.test is proven: it links back to your public page with rel=&quot;me&quot;.');
    const [claim] = (await portal.claims.claimsOf(profileId)).filter((c) => c.kind === 'fediverse');
    expect(claim).toMatchObject({ state: 'proven', value: '@aoife@social.test' });
    expect(claim!.evidence).toEqual([
      expect.objectContaining({
        method: 'rel-me',
        provider: { id: 'urn:byline:rel-me', name: 'Byline rel="me" check' },
        provenValue: 'https://social.test/@aoife',
        nextCheckAt: new Date(portal.clock.now.getTime() + 24 * 3600_000).toISOString(),
      }),
    ]);
  });

  it('refuses the proof when the profile page does not link back, and says why', async () => {
    const { agent, profileId, claims } = await journalistClaiming('@quiet@social.test');
    const text = await checkNow(agent, claims[0]!.id);
    expect(text).toContain('@quiet@social.test is not proven yet: the page has no rel=&quot;me&quot; link to this profile.');
    expect((await portal.claims.claimsOf(profileId)).find((c) => c.kind === 'fediverse')).toMatchObject({
      state: 'claimed',
      evidence: [],
    });
  });

  it('refuses an entry that is no account, naming it, and saves nothing', async () => {
    const { res } = await profileSent(portal.app, { fediverse: '@aoife@social.test\nhttps://social.test/@aoife' });
    expect(res.status).toBe(422);
    expect(res.text).toContain('Each fediverse account must be written @name@server');
    expect(res.text).toContain('https://social.test/@aoife');
  });

  it('leaves the twitter answer as it was, and answers a lookup by the account once it is proven', async () => {
    const desk = await editor(portal);
    const { agent, profileId, form, claims } = await journalistClaiming('@aoife@social.test', ONLY_X);
    await proveClaim(portal.claims, profileId, 'twitter', form.twitter);
    await submit(agent, '/profile', '/profile/verification-request', {});
    const path = reviewPath(profileId);
    expect((await submit(desk.agent, path, `${path}/decision`, { decision: 'verify', note: 'Signed in with X' })).status).toBe(
      303,
    );
    // The editor reviews the account as a claim with its profile page to look at.
    const review = (await desk.agent.get(path)).text;
    expect(review).toContain('Fediverse @aoife@social.test');
    expect(review).toContain('href="https://social.test/@aoife"');
    const before = await answerFor(portal, form.twitter);
    expect(before).toMatchObject({ verified: true });
    const token = (await bearer(portal.store)).replace('Bearer ', '');
    const lookUp = (account: string) => verifiers(portal.store).verifyJournalist(token, account, 'fediverse');
    // Claimed, not proven: the account finds nobody.
    expect((await lookUp('@aoife@social.test')).body).toMatchObject({ verified: false });

    await checkNow(agent, claims[0]!.id);
    expect((await portal.claims.claimsOf(profileId)).find((c) => c.kind === 'fediverse')).toMatchObject({ state: 'proven' });
    const after = await answerFor(portal, form.twitter);
    expect(after).toEqual(before);
    expect(after.profile_social_profiles).toEqual({ twitter: expect.any(String) });
    expect(JSON.stringify(after)).not.toContain('social.test');
    // Proven by rel="me": the account finds the profile, in any letter case, its own entry in profile_social_profiles.
    for (const spelling of ['@aoife@social.test', 'Aoife@Social.Test']) {
      const found = await lookUp(spelling);
      expect(found.status).toBe(200);
      expect(found.body).toEqual({ ...before, profile_social_profiles: { fediverse: '@aoife@social.test' } });
    }
    expect((await lookUp('@someone@social.test')).body).toMatchObject({ verified: false });
    const malformed = await lookUp('https://social.test/@aoife');
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors).toEqual([expect.objectContaining({ field: 'social_username' })]);
    // The public page of the verified profile lists the account with its profile page, linked with rel="me".
    const publicPage = await request(portal.app).get(`/j/${slug}`);
    expect(publicPage.text).toContain('<a href="https://social.test/@aoife" rel="me noopener">@aoife@social.test</a>');
  });
});

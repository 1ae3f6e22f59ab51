/**
 * The public page /j/SLUG and proofs: each proven account with its method and date, rel="me" links out to every
 * claimed website, and a schema.org Person (JSON-LD) whose sameAs lists proven accounts and sites only.
 */
import request from 'supertest';
import { recordProof } from '@byline/domain/claims/record-proof';
import { type NewEvidence } from '@byline/domain/proofs/claims';
import { aProfile, seed } from '@byline/test-support';
import {
  csrfFrom,
  pageServer,
  portalForEachTest,
  portalStoreFactories,
  profileForm,
  signedUp,
  submit,
} from '../support/portal-harness';
import { PORTAL_URL, PUBLIC_URLS } from './portal-networks';
import { approvedByEditor } from '../support/editors';

const signedInWithX = (username: string): NewEvidence => ({
  method: 'network-sign-in',
  provider: { id: 'https://x.test', name: 'X' },
  provenValue: username,
  subject: 'x-1001',
  by: 'network:https://x.test',
});

/** The page's JSON-LD blocks, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

describe.each(portalStoreFactories())('public page: proofs and JSON-LD ($name store)', (factory) => {
  const portal = portalForEachTest(factory, { publicUrls: PUBLIC_URLS });
  let site: Awaited<ReturnType<typeof pageServer>>;
  let slug = '';
  beforeAll(async () => {
    site = await pageServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(req.url === '/proven' ? `<a rel="me" href="${PORTAL_URL}/j/${slug}">Byline</a>` : '<p>nothing</p>');
    });
  });
  afterAll(() => site.close());

  /** A journalist with a proven X handle, an unproven Instagram one, a proven site and an unproven one. */
  async function provenJournalist(fields: Record<string, string> = {}, { verified = true } = {}) {
    const { agent, email } = await signedUp(portal.app);
    await submit(agent, '/profile', '/profile', {
      ...profileForm({ twitter: '@NiamhTyped', instagram: 'niamh.unproven', facebook: '', linkedin: '', ...fields }),
      websites: `${site.url('/proven')}\n${site.url('/claimed')}`,
    });
    const { profileId } = (await portal.repositories.users.findByEmail(email))!;
    slug = (await portal.repositories.profiles.findById(profileId!))!.profile_slug;
    await recordProof(portal.claims, {
      profileId: profileId!,
      kind: 'twitter',
      value: 'NiamhCass94',
      evidence: signedInWithX('NiamhCass94'),
    });
    const claims = await portal.claims.claimsOf(profileId!);
    const provenSite = claims.find((claim) => claim.value === site.url('/proven'))!;
    const page = await agent.get('/profile');
    const check = await agent
      .post(`/profile/proofs/websites/${provenSite.id}/check`)
      .type('form')
      .send({ _csrf: csrfFrom(page.text) });
    expect(check.status).toBe(303);
    if (verified) await approvedByEditor(portal, profileId!);
    return { slug, profileId: profileId! };
  }

  it('lists each proven account with its method and date, and links out with rel="me" to every claimed site', async () => {
    await provenJournalist();
    const res = await request(portal.app).get(`/j/${slug}`);
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.text).toContain(
      `X <a href="https://x.com/NiamhCass94" rel="me noopener">@NiamhCass94</a> — signed in with X on ${today}`,
    );
    expect(res.text).toContain(
      `Website <a href="${site.url('/proven')}" rel="me noopener">${site.url('/proven')}</a> — links back to this page with rel=&quot;me&quot;, last checked on ${today}`,
    );
    // The unproven site is linked with rel="me" (so it can verify this page in turn), and said to be unproven.
    expect(res.text).toContain(`<a href="${site.url('/claimed')}" rel="me noopener">`);
    expect(res.text).toContain('Byline has not proven these.');
    // Unproven handles are not on the page.
    expect(res.text).not.toContain('niamh.unproven');
    expect(res.text).not.toContain('NiamhTyped');
  });

  it('carries a schema.org Person whose sameAs lists proven accounts and sites only', async () => {
    await provenJournalist();
    const res = await request(portal.app).get(`/j/${slug}`);
    const blocks = jsonLd(res.text);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Aoife Brennan',
      url: `${PORTAL_URL}/j/${slug}`,
      jobTitle: 'Courts reporter',
      worksFor: { '@type': 'Organization', name: 'The Leinster Ledger' },
      image: 'https://cdn.example.org/aoife.jpg',
      sameAs: ['https://x.com/NiamhCass94', site.url('/proven')],
    });
  });

  it('escapes the JSON-LD so that no field can end the script block', async () => {
    await provenJournalist({
      profile_title: '</script><script>alert(1)</script>',
      // (A line separator, U+2028, which ends a line in older script parsers, is refused by the form itself.)
      profile_employer: '<!-- & -->',
    });
    const res = await request(portal.app).get(`/j/${slug}`);
    expect(res.text).not.toContain('</script><script>alert(1)');
    expect(res.text).not.toContain('<!--');
    const [person] = jsonLd(res.text);
    expect(person).toMatchObject({
      jobTitle: '</script><script>alert(1)</script>',
      worksFor: { name: '<!-- & -->' },
    });
  });

  it('keeps an unverified profile neutral: no proofs, no rel="me" links, no JSON-LD', async () => {
    await provenJournalist({}, { verified: false });
    const res = await request(portal.app).get(`/j/${slug}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Byline has not verified this profile.');
    expect(res.text).not.toContain('rel="me');
    expect(res.text).not.toContain('application/ld+json');
    expect(res.text).not.toContain('NiamhCass94');
    expect(res.text).not.toContain(site.url('/proven'));
  });

  it('shows imported handles as proven by the operator’s import', async () => {
    const [record] = await seed(portal.store, aProfile());
    const res = await request(portal.app).get(`/j/${record!.profile_slug}`);
    const handle = record!.profile_social_profiles.twitter.replace(/^@/, '');
    expect(res.text).toMatch(new RegExp(`@${handle}</a> — imported by the Byline operator on \\d{4}-\\d\\d-\\d\\d`));
    expect(jsonLd(res.text)[0]!.sameAs).toContain(`https://x.com/${handle}`);
  });
});

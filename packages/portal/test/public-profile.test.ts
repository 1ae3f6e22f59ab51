import request from 'supertest';
import { aProfile, anArticle, seed, storeHandleAsBeforeTheRules } from '@byline/test-support';
import { portalStoreFactories, startPortal, type Portal } from './support/portal-harness';

describe.each(portalStoreFactories())('public profile page ($name store)', (factory) => {
  let portal: Portal;
  beforeEach(async () => {
    portal = await startPortal(factory);
  });
  afterEach(() => portal.close());

  it('shows a verified journalist with badge, employer, social links and latest active articles', async () => {
    const [record] = await seed(
      portal.store,
      aProfile({
        articles: [
          anArticle({ title: 'Older piece', published_at: '2023-01-01T00:00:00.000Z' }),
          anArticle({ title: 'Newest piece', published_at: '2024-01-01T00:00:00.000Z' }),
          anArticle({ title: 'Withdrawn piece', active: false }),
        ],
      }),
    );
    const res = await request(portal.app).get(`/j/${record!.profile_slug}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Verified journalist');
    expect(res.text).toContain('The Western Courier');
    expect(res.text).toContain(`https://x.com/${record!.profile_social_profiles.twitter.slice(1)}`);
    expect(res.text.indexOf('Newest piece')).toBeLessThan(res.text.indexOf('Older piece'));
    expect(res.text).not.toContain('Withdrawn piece');
  });

  it('shows an unverified profile neutrally: no badge, no employer, no articles', async () => {
    const [record] = await seed(portal.store, aProfile({ verified: false }));
    const res = await request(portal.app).get(`/j/${record!.profile_slug}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Byline has not verified this profile.');
    expect(res.text).not.toContain('Verified journalist');
    expect(res.text).not.toContain('The Western Courier');
    expect(res.text).not.toContain(record!.articles[0]!.title);
  });

  it("links only to the networks' own https pages, never to a handle stored before the rules", async () => {
    const [record] = await seed(portal.store, aProfile());
    await storeHandleAsBeforeTheRules(portal.store, record!.profile_slug, 'twitter', 'javascript:alert(5)');
    await storeHandleAsBeforeTheRules(portal.store, record!.profile_slug, 'instagram', '<svg/onload=alert(5)>');

    const res = await request(portal.app).get(`/j/${record!.profile_slug}`);

    expect(res.status).toBe(200);
    const hrefs = [...res.text.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!);
    expect(hrefs.filter((href) => /x\.com|instagram|javascript|onload/i.test(href))).toEqual([]);
    expect(hrefs).toContain(`https://www.linkedin.com/in/${record!.profile_social_profiles.linkedin}`);
    expect(res.text).not.toContain('<svg/onload');
    expect(res.text).toContain('javascript:alert(5)'); // shown as text, for what it is
  });

  it('answers 404 for an unknown slug', async () => {
    const res = await request(portal.app).get('/j/nobody-here');
    expect(res.status).toBe(404);
    expect(res.text).toContain('There is no journalist profile at this address.');
  });
});

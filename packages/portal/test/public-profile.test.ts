import request from 'supertest';
import { aProfile, anArticle, seed } from '@byline/test-support';
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

  it('answers 404 for an unknown slug', async () => {
    const res = await request(portal.app).get('/j/nobody-here');
    expect(res.status).toBe(404);
    expect(res.text).toContain('There is no journalist profile at this address.');
  });
});

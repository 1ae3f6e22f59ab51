import request from 'supertest';
import { aProfile, anArticle, seed, storeHandleAsBeforeTheRules } from '@byline/test-support';
import { portalForEachTest, portalStoreFactories, startPortal } from './support/portal-harness';

describe.each(portalStoreFactories())('public profile page ($name store)', (factory) => {
  const portal = portalForEachTest(factory);

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

  it('offers the badge to embed: a snippet at the configured public address, escaped, in a read-only field', async () => {
    const portalAt = await startPortal(factory, {
      publicUrls: { portal: 'https://byline.example/', articleVerifier: 'http://a.test', journalistVerifier: 'http://j.test' },
    });
    try {
      const [record] = await seed(
        portalAt.store,
        aProfile({ profile_first_name: `Seán "Al" <b>`, profile_last_name: "O'Brien & Co" }),
      );
      const slug = record!.profile_slug;
      const res = await request(portalAt.app).get(`/j/${slug}`);

      const field = /<textarea id="badge-snippet" readonly[^>]*>([^<]*)<\/textarea>/.exec(res.text);
      expect(field).not.toBeNull();
      // The field's text, once the page's escaping is read back, is the snippet itself, escaped once more for HTML.
      const snippet = field![1]!
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&');
      expect(snippet).toBe(
        `<a href="https://byline.example/j/${slug}"><img src="https://byline.example/j/${slug}/badge.svg"` +
          ` alt="Seán &quot;Al&quot; &lt;b&gt; O&#39;Brien &amp; Co: Byline verification badge" height="20"></a>`,
      );
      expect(res.text).toContain('data-copy="badge-snippet"');
      expect(res.text).toContain(`<img src="/j/${slug}/badge.svg"`);
      expect(res.text).not.toContain('<b>');
    } finally {
      await portalAt.close();
    }
  });

  it('previews a shared link with Open Graph tags: the verified profile with its photo, the unverified one with no more than its page', async () => {
    const [verified, unverified] = await seed(
      portal.store,
      aProfile({ profile_title: 'Climate correspondent', profile_employer: 'The Western Courier' }),
      aProfile({ verified: false }),
    );
    const meta = (page: string) =>
      Object.fromEntries(
        [...page.matchAll(/<meta (?:property|name)="((?:og|twitter):[^"]+)" content="([^"]*)"/g)].map((m) => [m[1], m[2]]),
      );

    const shown = meta((await request(portal.app).get(`/j/${verified!.profile_slug}`)).text);
    expect(shown).toEqual({
      'og:type': 'profile',
      'og:site_name': 'Byline',
      'og:title': 'Niamh Cassidy',
      'og:description': 'Climate correspondent at The Western Courier. Verified journalist on Byline.',
      'og:url': `http://localhost:8082/j/${verified!.profile_slug}`,
      'og:image': verified!.profile_image,
      'twitter:card': 'summary',
    });

    const unverifiedPage = (await request(portal.app).get(`/j/${unverified!.profile_slug}`)).text;
    expect(meta(unverifiedPage)).toEqual({
      'og:type': 'profile',
      'og:site_name': 'Byline',
      'og:title': 'Niamh Cassidy',
      'og:description': 'Byline has not verified this profile.',
      'og:url': `http://localhost:8082/j/${unverified!.profile_slug}`,
      'twitter:card': 'summary',
    });
    expect(unverifiedPage).not.toContain('badge-snippet');

    expect((await request(portal.app).get('/j/nobody-here')).text).not.toContain('og:');
  });

  it('answers 404 for an unknown slug', async () => {
    const res = await request(portal.app).get('/j/nobody-here');
    expect(res.status).toBe(404);
    expect(res.text).toContain('There is no journalist profile at this address.');
  });
});

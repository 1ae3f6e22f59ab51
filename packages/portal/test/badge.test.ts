import request from 'supertest';
import { aProfile, seed } from '@byline/test-support';
import { portalForEachTest, portalStoreFactories, type Portal } from './support/portal-harness';

const badgeOf = (portal: Portal, slug: string) => request(portal.app).get(`/j/${slug}/badge.svg`);

describe.each(portalStoreFactories())('embeddable badge ($name store)', (factory) => {
  const portal = portalForEachTest(factory);

  const unverify = async (slug: string) => {
    const profile = await portal.repositories.profiles.findBySlug(slug);
    await portal.repositories.verification.decide({
      profileId: profile!.id,
      actor: 'ed@example.org',
      action: 'unverified',
      note: '',
    });
    return profile!;
  };

  it('names a verified journalist, as an accessible SVG image any site may embed and cache for 5 minutes', async () => {
    const [record] = await seed(portal.store, aProfile({ profile_first_name: 'Niamh', profile_last_name: 'Cassidy' }));

    const res = await badgeOf(portal, record!.profile_slug);

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none';.*sandbox$/);
    expect(res.headers['content-security-policy']).not.toMatch(/script-src|unsafe/);
    // An image on other sites' pages sets no cookie (no session, no CSRF token).
    expect(res.headers['set-cookie']).toBeUndefined();
    const svg = res.body.toString('utf8') as string;
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="\d+" height="20"[^>]* role="img" aria-label="Niamh Cassidy: verified by Byline">/,
    );
    expect(svg).toContain('<title>Niamh Cassidy: verified by Byline</title>');
    expect(svg).toContain('>Niamh Cassidy</text>');
    expect(svg).toContain('>✓ verified by Byline</text>');
    expect(svg).not.toMatch(/<script|on\w+=|href/i);
  });

  it('is one neutral badge, the same bytes, for an unverified, unverified-later, erased, unknown or ill-formed address', async () => {
    const [never, lapsed, erased] = await seed(portal.store, aProfile({ verified: false }), aProfile(), aProfile());
    await unverify(lapsed!.profile_slug);
    const gone = await portal.repositories.profiles.findBySlug(erased!.profile_slug);
    await portal.repositories.profileErasure.erase(gone!.id);

    const addresses = [
      never!.profile_slug,
      lapsed!.profile_slug,
      erased!.profile_slug,
      'nobody-here',
      '%3Cscript%3E%20x',
      '%00',
      'a'.repeat(500),
      // Bytes that do not decode as UTF-8, a lone %, an empty slug, a slash: still a badge address, still neutral.
      '%ff',
      '%E0%A4%A',
      '%',
      '',
      'a/b',
    ];
    const answers = await Promise.all(addresses.map((slug) => badgeOf(portal, slug)));

    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
    }
    const bodies = new Set(answers.map((res) => res.body.toString('utf8') as string));
    expect(bodies.size).toBe(1);
    expect(new Set(answers.map((res) => res.headers.etag)).size).toBe(1);
    const [neutral] = bodies;
    expect(neutral).toContain('aria-label="Byline: not verified"');
    expect(neutral).toContain('<title>Byline: not verified</title>');
    expect(neutral).not.toContain('Niamh');
    expect(neutral).not.toContain('verified by Byline');
  });

  it('answers a matching If-None-Match with 304, and with the neutral badge once the journalist is unverified', async () => {
    const [record] = await seed(portal.store, aProfile());
    const first = await badgeOf(portal, record!.profile_slug);

    const again = await badgeOf(portal, record!.profile_slug).set('If-None-Match', first.headers.etag!);
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe('public, max-age=300');
    expect(again.text ?? '').toBe('');

    await unverify(record!.profile_slug);
    const after = await badgeOf(portal, record!.profile_slug).set('If-None-Match', first.headers.etag!);
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(after.body.toString('utf8')).toContain('aria-label="Byline: not verified"');
  });

  it('escapes the name as XML, cuts a very long one, and widens with the text', async () => {
    const [hostile, long, short] = await seed(
      portal.store,
      aProfile({ profile_first_name: `<script>"Al" & 'Jo'`, profile_last_name: 'Ó Brien' }),
      aProfile({ profile_first_name: 'Maximiliana Wilhelmina Constantina', profile_last_name: 'Montgomery-Featherstonehaugh' }),
      aProfile({ profile_first_name: 'Al', profile_last_name: 'Li' }),
    );

    const hostileSvg = (await badgeOf(portal, hostile!.profile_slug)).body.toString('utf8') as string;
    expect(hostileSvg).not.toContain('<script');
    expect(hostileSvg).toContain(`>&lt;script&gt;&quot;Al&quot; &amp; &apos;Jo&apos; Ó Brien</text>`);

    const longSvg = (await badgeOf(portal, long!.profile_slug)).body.toString('utf8') as string;
    const shown = />([^<]*…)<\/text>/.exec(longSvg)?.[1];
    expect(shown).toBe('Maximiliana Wilhelmina Constant…');
    expect([...shown!]).toHaveLength(32);

    const widthOf = (svg: string) => Number(/width="(\d+)"/.exec(svg)![1]);
    const shortSvg = (await badgeOf(portal, short!.profile_slug)).body.toString('utf8') as string;
    expect(widthOf(longSvg) - widthOf(shortSvg)).toBeGreaterThan(150);
    expect(widthOf(shortSvg)).toBeLessThan(200);
  });
});

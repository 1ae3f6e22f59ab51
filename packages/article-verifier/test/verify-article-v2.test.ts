import { repositoriesOf } from '@byline/shared/store';
import { anArticle, aProfile, checkedRequest as request, seed, serviceFixture, storeFactories } from '@byline/test-support';
import { createApp } from '../src/app';
import { DOMAIN_VERIFIED_MESSAGE } from '../src/verify-article-v2';

const V1 = '/api/verify_article';
const V2 = '/api/v2/verify_article';
const EDITOR = 'ed@example.org';
const PROVEN_AT = '2030-01-01T00:01:00.000Z';

describe.each(storeFactories())('verify_article v2: the four answer kinds ($name store)', (factory) => {
  const service = serviceFixture(factory, createApp);
  const repositories = () => repositoriesOf(service.store);
  const ask = (path: string, url: string) =>
    request(service.app).post(path).query({ url }).set('Authorization', service.authorization);

  /** A publisher with these domains proven by DNS TXT; verified by an editor unless said otherwise. */
  async function publisher(slug: string, domains: string[], { verified = true } = {}) {
    const { publishers, publisherDomains } = repositories();
    const created = (await publishers.create({ slug, name: `The ${slug}` }, 'admin@example.org', new Date()))!;
    for (const domain of domains) {
      await publisherDomains.addDomain(created.id, domain, `token-${domain}`, 'admin@example.org', new Date());
      await publisherDomains.recordCheck(created.id, domain, { outcome: 'proven', method: 'dns-txt', at: PROVEN_AT }, null);
    }
    if (verified) await publishers.setVerified(created.id, true, EDITOR, 'Masthead checked', new Date());
    return created;
  }

  const domainInfo = (slug: string, domain: string) => ({
    publisher_name: `The ${slug}`,
    publisher_slug: slug,
    publisher_logo: null,
    domain,
    method: 'dns_record',
    proven_at: PROVEN_AT,
    associations: [],
  });

  const twitter = '@v2reporter';
  const onOutlet = anArticle({ link: 'https://news.v2-outlet.example/2030/storm' });
  const elsewhere = anArticle({ link: 'https://blog.example-v2.org/post' });

  beforeAll(async () => {
    await seed(
      service.store,
      aProfile({
        profile_slug: 'v2-reporter',
        profile_social_profiles: { twitter, facebook: '', linkedin: '', instagram: '' },
        articles: [onOutlet, elsewhere],
      }),
    );
    await publisher('v2-outlet', ['v2-outlet.example']);
    await publisher('unverified-outlet', ['unverified-v2.example'], { verified: false });
  });

  it('answers unverified, in v2 form, for an unknown article on an unknown domain', async () => {
    const res = await ask(V2, 'https://nowhere.example/story');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      type: 'unverified',
      verified: false,
      message: 'No verified Byline author is known for this address',
    });
    expect(res.headers.etag).toMatch(/^"/);
  });

  it('answers domain_verified for an unknown article on a verified publisher’s proven domain or a subdomain of it', async () => {
    for (const url of ['https://v2-outlet.example/unknown', 'https://sport.news.v2-outlet.example/match?utm_source=x']) {
      const res = await ask(V2, url);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        type: 'domain_verified',
        verified: false,
        message: DOMAIN_VERIFIED_MESSAGE,
        domain_info: domainInfo('v2-outlet', 'v2-outlet.example'),
      });
    }
    // not a subdomain: the label must match whole
    expect((await ask(V2, 'https://notv2-outlet.example/x')).body.type).toBe('unverified');
  });

  it('never names an unverified publisher', async () => {
    const res = await ask(V2, 'https://unverified-v2.example/story');
    expect(res.body).toEqual({ type: 'unverified', verified: false, message: expect.any(String) });
  });

  it('answers article_verified with the v1 fields unchanged, the author’s evidence and the outlet', async () => {
    const v1 = await ask(V1, onOutlet.link);
    const res = await ask(V2, onOutlet.link);
    expect(res.status).toBe(200);
    const { type, evidence, domain_info, ...fields } = res.body;
    expect(type).toBe('article_verified');
    expect(fields).toEqual(v1.body);
    expect(Object.keys(res.body)).toEqual(['type', ...Object.keys(v1.body), 'evidence', 'domain_info']);
    expect(domain_info).toEqual(domainInfo('v2-outlet', 'v2-outlet.example'));
    expect(evidence).toEqual([
      {
        type: 'cawg.social_media',
        username: 'v2reporter',
        uri: 'https://x.com/v2reporter',
        provider: { id: expect.stringMatching(/^urn:byline:/), name: expect.any(String) },
        verifiedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        method: 'byline_operator_import',
      },
    ]);
    // v1 stays as it was: no type, no evidence
    expect(v1.body.type).toBeUndefined();
    expect(v1.body.evidence).toBeUndefined();
  });

  it('answers article_verified without domain_info off any verified publisher’s domains', async () => {
    const res = await ask(V2, elsewhere.link);
    expect(res.body.type).toBe('article_verified');
    expect(res.body).not.toHaveProperty('domain_info');
    expect(res.body.evidence).toHaveLength(1);
  });

  it('shows an accepted affiliation with a verified publisher as evidence', async () => {
    const { staff, profiles } = repositories();
    const profile = (await profiles.findBySlug('v2-reporter'))!;
    const outlet = (await repositories().publishers.findBySlug('v2-outlet'))!;
    const invitation = (await staff.invite(outlet.id, { profileId: profile.id }, 'admin@example.org', new Date()))!;
    await staff.accept(invitation.id, profile.id, new Date('2030-02-01T00:00:00.000Z'));
    const res = await ask(V2, elsewhere.link);
    expect(res.body.evidence[1]).toEqual({
      type: 'cawg.affiliation',
      uri: 'https://v2-outlet.example/',
      provider: { id: 'urn:byline:publisher:v2-outlet', name: 'The v2-outlet' },
      verifiedAt: '2030-02-01T00:00:00.000Z',
      method: 'byline_publisher_affiliation',
    });

    // The outlet now vouches for a verified journalist: an unknown article there shows them and their article on it.
    const plus = await ask(V2, 'https://v2-outlet.example/unknown');
    expect(plus.body).toEqual({
      type: 'domain_verified_plus',
      verified: false,
      message: DOMAIN_VERIFIED_MESSAGE,
      domain_info: domainInfo('v2-outlet', 'v2-outlet.example'),
      journalists: [
        {
          slug: 'v2-reporter',
          first_name: 'Niamh',
          last_name: 'Cassidy',
          title: 'Climate correspondent',
          image: expect.any(String),
        },
      ],
      articles: [
        {
          ...(await ask(V1, onOutlet.link)).body.articles.find((a: { link: string }) => a.link === onOutlet.link),
          profile_slug: 'v2-reporter',
        },
      ],
    });

    await staff.end(invitation.id, 'admin@example.org', 'Test over', new Date());
    expect((await ask(V2, elsewhere.link)).body.evidence).toHaveLength(1);
    expect((await ask(V2, 'https://v2-outlet.example/unknown')).body.type).toBe('domain_verified');
  });

  it('keeps v1’s canonicalisation, GET alias, authentication and errors', async () => {
    const get = await request(service.app)
      .get(V2)
      .query({ url: 'HTTPS://WWW.V2-OUTLET.EXAMPLE/unknown#top' })
      .set('Authorization', service.authorization);
    expect(get.status).toBe(200);
    expect(get.body.type).toBe('domain_verified');
    expect(get.body.domain_info.domain).toBe('v2-outlet.example');

    const anonymous = await request(service.app).post(V2).query({ url: onOutlet.link });
    expect(anonymous.status).toBe(401);
    const bad = await ask(V2, 'not a url');
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('url');
    const head = await request(service.app).head(V2).query({ url: onOutlet.link });
    expect(head.status).toBe(405);
  });

  it('answers 304 to a conditional request with the answer’s ETag', async () => {
    const first = await ask(V2, 'https://v2-outlet.example/unknown');
    const again = await ask(V2, 'https://v2-outlet.example/unknown').set('If-None-Match', first.headers.etag!);
    expect(again.status).toBe(304);
  });
});

describe.each(storeFactories())('verify_article v2 where the portal issues credentials ($name store)', (factory) => {
  const portalUrl = 'https://byline.example';
  const service = serviceFixture(factory, (deps) => createApp({ ...deps, credentialsAt: portalUrl }));
  const article = anArticle({ link: 'https://paper.example-credential.org/story' });

  beforeAll(async () => {
    await seed(service.store, aProfile({ profile_slug: 'credentialed-reporter', articles: [article] }));
  });

  it('names the author’s signed credential after their evidence, and keeps the v1 answer as it was', async () => {
    const ask = (path: string) =>
      request(service.app).post(path).query({ url: article.link }).set('Authorization', service.authorization);
    const [v1, v2] = [await ask(V1), await ask(V2)];
    expect(v2.body.credential).toBe(`${portalUrl}/j/credentialed-reporter/credential.jwt`);
    expect(Object.keys(v2.body).slice(-2)).toEqual(['evidence', 'credential']);
    expect(v1.body).not.toHaveProperty('credential');
    const { type, evidence, credential, ...fields } = v2.body;
    expect([type, evidence.length > 0, typeof credential]).toEqual(['article_verified', true, 'string']);
    expect(fields).toEqual(v1.body);
    // Its own tag: an answer without the address would not match it.
    expect(v2.headers.etag).toMatch(/^".+\..+"$/);
  });
});

import { createApiKey, type KeyPair } from '@byline/shared';
import {
  checkedRequest as request,
  anArticle,
  aProfile,
  expectUnauthorized,
  seed,
  serviceFixture,
  storeFactories,
} from '@byline/test-support';
import { createApp } from '../src/app';

const PATH = '/api/verify_article';
const STRONG_TAG = /^"[A-Za-z0-9_-]{27}"$/;
const remaining = (header: string | undefined) => Number(/;r=(\d+);/.exec(header ?? '')?.[1]);

describe.each(storeFactories())('verify_article: ETag and If-None-Match ($name store)', (factory) => {
  // No credential cache: a revoked key is refused by the very next request.
  const service = serviceFixture(factory, createApp, { authCacheTtlMs: 0 });
  let pair: KeyPair;
  const verify = (url: string, ifNoneMatch?: string, authorization = `Bearer ${pair.token}`) => {
    const req = request(service.app).post(PATH).query({ url }).set('Authorization', authorization);
    return ifNoneMatch === undefined ? req : req.set('If-None-Match', ifNoneMatch);
  };

  beforeAll(async () => {
    pair = await createApiKey(service.store, 'conditional@example.org');
  });

  it('tags every answer, verified or not, and asks for revalidation', async () => {
    const profile = aProfile();
    await seed(service.store, profile);

    const verified = await verify(profile.articles[0]!.link);
    const unknown = await verify('https://example-news.ie/nobody-wrote-this');

    for (const res of [verified, unknown]) {
      expect(res.status).toBe(200);
      expect(res.headers.etag).toMatch(STRONG_TAG);
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
    expect(verified.body.verified).toBe(true);
    expect(unknown.body.verified).toBe(false);
    expect(verified.headers.etag).not.toBe(unknown.headers.etag);
    expect((await verify('https://example-news.ie/another-unknown')).headers.etag).toBe(unknown.headers.etag);
  });

  it('answers 304 without a body to the current tag, in a list, weak, or *; still counted', async () => {
    const profile = aProfile();
    await seed(service.store, profile);
    const link = profile.articles[0]!.link;
    const { headers } = await verify(link);
    const etag = headers.etag!;

    for (const ifNoneMatch of [etag, `"other", ${etag}`, `W/${etag}`, '*']) {
      const before = remaining((await verify(link)).headers.ratelimit);
      const res = await verify(link, ifNoneMatch);

      expect({ ifNoneMatch, status: res.status }).toEqual({ ifNoneMatch, status: 304 });
      expect(res.text ?? '').toBe('');
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers['content-type']).toBeUndefined();
      expect(remaining(res.headers.ratelimit)).toBe(before - 1);
    }
  });

  it('answers 304 to GET too', async () => {
    const profile = aProfile();
    await seed(service.store, profile);
    const link = profile.articles[0]!.link;
    const { headers } = await verify(link);

    const res = await request(service.app)
      .get(PATH)
      .query({ url: link })
      .set('Authorization', `Bearer ${pair.token}`)
      .set('If-None-Match', headers.etag!);

    expect(res.status).toBe(304);
    expect(res.headers.etag).toBe(headers.etag);
  });

  it('answers 200 to a tag it does not hold, and to a malformed list', async () => {
    const profile = aProfile();
    await seed(service.store, profile);
    const link = profile.articles[0]!.link;
    const { headers } = await verify(link);

    for (const ifNoneMatch of ['"stale"', `${headers.etag!.slice(0, -2)}"`, 'not-a-tag', `"a", garbage ${headers.etag}`]) {
      const res = await verify(link, ifNoneMatch);
      expect({ ifNoneMatch, status: res.status }).toEqual({ ifNoneMatch, status: 200 });
      expect(res.body.profile_slug).toBe(profile.profile_slug);
    }
  });

  it('still authenticates a conditional request', async () => {
    const profile = aProfile();
    await seed(service.store, profile);
    const { headers } = await verify(profile.articles[0]!.link);

    expectUnauthorized(await verify(profile.articles[0]!.link, headers.etag, 'Bearer nope'));
  });

  it('gives a new tag, and the new answer, once the profile changes', async () => {
    const profile = aProfile();
    await seed(service.store, profile);
    const link = profile.articles[0]!.link;
    const before = await verify(link);

    await seed(service.store, { ...profile, profile_bio: 'Now covers energy policy too.' });
    const after = await verify(link, before.headers.etag);

    expect(after.status).toBe(200);
    expect(after.body.profile_bio).toBe('Now covers energy policy too.');
    expect(after.headers.etag).toMatch(STRONG_TAG);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await verify(link, after.headers.etag)).status).toBe(304);
  });

  it('gives a new article its own answer and tag on the profile’s other articles', async () => {
    const profile = aProfile();
    await seed(service.store, profile);
    const link = profile.articles[0]!.link;
    const before = await verify(link);

    await seed(service.store, { ...profile, articles: [...profile.articles, anArticle()] });
    const after = await verify(link, before.headers.etag);

    expect(after.status).toBe(200);
    expect(after.body.article_count).toBe(2);
  });

  it('never answers 304 once the profile is unverified', async () => {
    const profile = aProfile();
    await seed(service.store, profile);
    const link = profile.articles[0]!.link;
    const { headers } = await verify(link);

    await service.store.setProfileVerified(profile.profile_slug, false);
    const res = await verify(link, headers.etag);

    expect(res.status).toBe(200);
    expect(res.body.verified).toBe(false);
    expect(res.headers.etag).not.toBe(headers.etag);
  });

  it('never answers 304 once the article is deactivated', async () => {
    const profile = aProfile();
    await seed(service.store, profile);
    const article = profile.articles[0]!;
    const { headers } = await verify(article.link);

    await seed(service.store, { ...profile, articles: [{ ...article, active: false }] });
    const res = await verify(article.link, headers.etag);

    expect(res.status).toBe(200);
    expect(res.body.verified).toBe(false);
  });

  it('never answers 304 once the key is revoked: 401', async () => {
    const profile = aProfile();
    await seed(service.store, profile);
    const revoked = await createApiKey(service.store, 'revoked@example.org');
    const link = profile.articles[0]!.link;
    const { headers, status } = await verify(link, undefined, `Bearer ${revoked.token}`);
    expect(status).toBe(200);
    expect((await verify(link, headers.etag, `Bearer ${revoked.token}`)).status).toBe(304);

    await service.store.revokeApiKey(revoked.key);

    expectUnauthorized(await verify(link, headers.etag, `Bearer ${revoked.token}`));
  });
});

describe.each(storeFactories())('article verifier: compressed documents ($name store)', (factory) => {
  const service = serviceFixture(factory, createApp);

  it.each(['gzip', 'br'])('serves /openapi.json and /docs/ with %s when asked', async (encoding) => {
    for (const path of ['/openapi.json', '/docs/']) {
      const res = await request(service.app).get(path).set('Accept-Encoding', encoding);
      expect({ path, status: res.status, encoding: res.headers['content-encoding'] }).toEqual({ path, status: 200, encoding });
    }
    const document = await request(service.app).get('/openapi.json').set('Accept-Encoding', encoding);
    expect(document.body.openapi).toBe('3.1.0');
  });

  it('serves them plain to a client that does not ask', async () => {
    const res = await request(service.app).get('/openapi.json').set('Accept-Encoding', 'identity');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.openapi).toBe('3.1.0');
  });
});

import { createApiKey, type KeyPair } from '@byline/shared';
import {
  checkedRequest as request,
  aProfile,
  expectUnauthorized,
  seed,
  serviceFixture,
  storeFactories,
} from '@byline/test-support';
import { createApp } from '../src/app';

const PATH = '/api/v1/verify_journalist';
const STRONG_TAG = /^"[A-Za-z0-9_-]{27}(-[a-z]+)?"$/;
const remaining = (header: string | undefined) => Number(/;r=(\d+);/.exec(header ?? '')?.[1]);

describe.each(storeFactories())('verify_journalist: ETag and If-None-Match ($name store)', (factory) => {
  // No credential cache: a revoked key is refused by the very next request.
  const service = serviceFixture(factory, createApp, { authCacheTtlMs: 0 });
  let pair: KeyPair;
  const verify = (social_type: string, social_username: string, ifNoneMatch?: string, token = () => pair.token) => {
    const req = request(service.app).post(PATH).set('Authorization', `Bearer ${token()}`);
    return (ifNoneMatch === undefined ? req : req.set('If-None-Match', ifNoneMatch)).send({ social_type, social_username });
  };

  beforeAll(async () => {
    pair = await createApiKey(service.store, 'conditional@example.org');
  });

  it('tags each answer, one tag per network looked up, and asks for revalidation', async () => {
    const profile = aProfile();
    await seed(service.store, profile);
    const handles = profile.profile_social_profiles as Record<'twitter' | 'facebook' | 'linkedin' | 'instagram', string>;

    const answers = await Promise.all([
      verify('twitter', handles.twitter),
      verify('linkedin', handles.linkedin),
      verify('twitter', 'nobody_at_all_here'),
    ]);

    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers.etag).toMatch(STRONG_TAG);
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
    expect(new Set(answers.map((res) => res.headers.etag)).size).toBe(3);
    expect((await verify('x', handles.twitter)).headers.etag).toBe(answers[0]!.headers.etag);
  });

  it('answers 304 without a body to the current tag, still counted', async () => {
    const profile = aProfile();
    await seed(service.store, profile);
    const handle = profile.profile_social_profiles.instagram!;
    const { headers } = await verify('instagram', handle);
    const before = remaining(headers.ratelimit);

    const res = await verify('instagram', handle, `W/"older", ${headers.etag}`);

    expect(res.status).toBe(304);
    expect(res.text ?? '').toBe('');
    expect(res.headers.etag).toBe(headers.etag);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(remaining(res.headers.ratelimit)).toBe(before - 1);
  });

  it('answers 200 to a stale tag, and to the tag of another network’s answer', async () => {
    const profile = aProfile();
    await seed(service.store, profile);
    const handles = profile.profile_social_profiles as Record<'twitter' | 'facebook' | 'linkedin' | 'instagram', string>;
    const twitter = await verify('twitter', handles.twitter);

    const stale = await verify('twitter', handles.twitter, '"stale"');
    const otherNetwork = await verify('facebook', handles.facebook, twitter.headers.etag);

    expect(stale.status).toBe(200);
    expect(otherNetwork.status).toBe(200);
    expect(otherNetwork.body.profile_social_profiles).toEqual({ facebook: handles.facebook });
  });

  it('gives a new tag once the profile changes, even when only the handle’s spelling does', async () => {
    const profile = aProfile();
    await seed(service.store, profile);
    const handle = profile.profile_social_profiles.twitter!;
    const first = await verify('twitter', handle);

    await seed(service.store, { ...profile, profile_bio: 'Now covers energy too.' });
    const retitled = await verify('twitter', handle, first.headers.etag);
    const respelled = handle.toUpperCase();
    await seed(service.store, {
      ...profile,
      profile_bio: 'Now covers energy too.',
      profile_social_profiles: { ...profile.profile_social_profiles, twitter: respelled },
    });
    const afterRespelling = await verify('twitter', handle, retitled.headers.etag);

    expect(retitled.status).toBe(200);
    expect(retitled.body.profile_bio).toBe('Now covers energy too.');
    expect(retitled.headers.etag).not.toBe(first.headers.etag);
    expect(afterRespelling.status).toBe(200);
    expect(afterRespelling.body.profile_social_profiles.twitter).toBe(respelled);
    expect((await verify('twitter', handle, afterRespelling.headers.etag)).status).toBe(304);
  });

  it('never answers 304 once the profile is unverified', async () => {
    const profile = aProfile();
    await seed(service.store, profile);
    const handle = profile.profile_social_profiles.linkedin!;
    const { headers } = await verify('linkedin', handle);

    await service.store.setProfileVerified(profile.profile_slug, false);
    const res = await verify('linkedin', handle, headers.etag);

    expect(res.status).toBe(200);
    expect(res.body.verified).toBe(false);
  });

  it('never answers 304 once the key is revoked: 401', async () => {
    const profile = aProfile();
    await seed(service.store, profile);
    const revoked = await createApiKey(service.store, 'revoked@example.org');
    const handle = profile.profile_social_profiles.facebook!;
    const { headers } = await verify('facebook', handle, undefined, () => revoked.token);
    expect((await verify('facebook', handle, headers.etag, () => revoked.token)).status).toBe(304);

    await service.store.revokeApiKey(revoked.key);

    expectUnauthorized(await verify('facebook', handle, headers.etag, () => revoked.token));
  });
});

describe.each(storeFactories())('journalist verifier: compressed document ($name store)', (factory) => {
  const service = serviceFixture(factory, createApp);

  it('serves /openapi.json with gzip when asked', async () => {
    const res = await request(service.app).get('/openapi.json').set('Accept-Encoding', 'gzip, deflate');

    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body.openapi).toBe('3.1.0');
  });
});

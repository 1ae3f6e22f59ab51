import { aProfile, describeConditionalRequests, seed, VERIFY_JOURNALIST } from '@byline/test-support';
import { createApp } from '../src/app';

type Network = 'twitter' | 'facebook' | 'linkedin' | 'instagram';

describeConditionalRequests(VERIFY_JOURNALIST, createApp, ({ service, verify: verifyFields }) => {
  const verify = (social_type: string, social_username: string, ifNoneMatch?: string) =>
    verifyFields({ social_type, social_username }, ifNoneMatch);

  it('tags each answer, one tag per network looked up, and asks for revalidation', async () => {
    const profile = aProfile();
    await seed(service.store, profile);
    const handles = profile.profile_social_profiles as Record<Network, string>;

    const answers = await Promise.all([
      verify('twitter', handles.twitter),
      verify('linkedin', handles.linkedin),
      verify('twitter', 'nobody_at_all_here'),
    ]);

    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers.etag).toMatch(VERIFY_JOURNALIST.etag);
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
    expect(new Set(answers.map((res) => res.headers.etag)).size).toBe(3);
    expect((await verify('x', handles.twitter)).headers.etag).toBe(answers[0]!.headers.etag);
  });

  it('answers 200 to the tag of another network’s answer', async () => {
    const profile = aProfile();
    await seed(service.store, profile);
    const handles = profile.profile_social_profiles as Record<Network, string>;
    const twitter = await verify('twitter', handles.twitter);

    const otherNetwork = await verify('facebook', handles.facebook, twitter.headers.etag);

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
});

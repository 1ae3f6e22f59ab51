import type { SocialType } from '@byline/domain/domain/types';
import {
  checkedRequest as request,
  aProfile,
  seed,
  serviceFixture,
  storeFactories,
  storeHandleAsBeforeTheRules,
  storeWith,
} from '@byline/test-support';
import { createApp } from '../src/app';

const PATH = '/api/v1/verify_journalist';
const NOT_A_JOURNALIST = { verified: false, message: 'Not a Byline journalist' };

describe.each(storeFactories())('verify_journalist: a username no account can have ($name store)', (factory) => {
  const asked: string[] = [];
  const service = serviceFixture(factory, createApp, {
    wrapStore: (store) =>
      storeWith(store, {
        taggedJournalistAnswer: async (type, key) => {
          asked.push(`${type}:${key}`);
          return store.taggedJournalistAnswer(type, key);
        },
      }),
  });
  const legacy = aProfile();
  const verify = (social_type: string, social_username: string) =>
    request(service.app).post(PATH).set('Authorization', service.authorization).send({ social_type, social_username });

  beforeAll(async () => {
    await seed(service.store, legacy);
  });
  beforeEach(() => {
    asked.length = 0;
  });

  // Stored before the rules existed, as an import could: the lookup of such a value must not find it.
  it.each([
    ['twitter', 'javascript:alert(5)'],
    ['twitter', '<svg/onload=alert(5)>'],
    ['instagram', '"><img src=x onerror=alert(1)>'],
    ['facebook', "niamh'cassidy"],
  ])('answers %s %j with the unverified result, without asking the store', async (type, username) => {
    await storeHandleAsBeforeTheRules(service.store, legacy.profile_slug, type as SocialType, username);

    const res = await verify(type, username);

    expect(res.status).toBe(200);
    expect(res.body).toEqual(NOT_A_JOURNALIST);
    expect(res.text).not.toContain(username);
    expect(asked).toEqual([]);
  });

  it.each([
    ['twitter', 'Niamh Cass94'],
    ['twitter', '@@NiamhCass94'],
    ['x', 'Niamh.Cass94'],
    ['linkedin', 'niamh.writes'],
    ['instagram', 'niamh-writes'],
    ['facebook', 'niamh_cassidy'],
    ['linkedin', 'https://www.linkedin.com/company/byline'],
    // The networks' own pages: no account has these names.
    ['twitter', 'https://x.com/home'],
    ['x', 'https://x.com/search?q=byline'],
    ['twitter', 'https://twitter.com/settings/account'],
    ['twitter', 'https://x.com/i/user/12345'],
    ['instagram', 'https://www.instagram.com/p/C1a2B3c4D5e/'],
    ['instagram', 'https://www.instagram.com/explore/'],
    ['instagram', 'https://www.instagram.com/reel/C1a2B3c4D5e/'],
    ['facebook', 'https://www.facebook.com/groups/123456789/'],
    ['facebook', 'https://www.facebook.com/watch/?v=123'],
  ])('answers %s %j (no account of the network looks like it) as unverified without a lookup', async (type, username) => {
    const res = await verify(type, username);

    expect(res.status).toBe(200);
    expect(res.body).toEqual(NOT_A_JOURNALIST);
    expect(asked).toEqual([]);
  });

  it('still answers a handle stored before the rules in letters the network does not allow today', async () => {
    const profile = aProfile();
    await seed(service.store, profile);
    await storeHandleAsBeforeTheRules(service.store, profile.profile_slug, 'twitter', '@ZoëNíB');

    const res = await verify('twitter', 'zoëníb');

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      verified: true,
      slug: profile.profile_slug,
      profile_social_profiles: { twitter: '@ZoëNíB' },
    });
  });

  it('finds a profile with no username by its Facebook profile address', async () => {
    const profile = aProfile({
      profile_social_profiles: { twitter: '', facebook: '100012345678901', linkedin: '', instagram: '' },
    });
    await seed(service.store, profile);

    const res = await verify('facebook', 'https://www.facebook.com/profile.php?id=100012345678901');

    expect(res.body).toMatchObject({
      verified: true,
      slug: profile.profile_slug,
      profile_social_profiles: { facebook: '100012345678901' },
    });
  });

  it('does not answer a profile whose handle was stored from a page address (x.com/home stored as "home")', async () => {
    const profile = aProfile();
    await seed(service.store, profile);
    await storeHandleAsBeforeTheRules(service.store, profile.profile_slug, 'twitter', 'home');

    const res = await verify('twitter', 'https://x.com/home');

    expect(res.body).toEqual(NOT_A_JOURNALIST);
    expect(asked).toEqual([]);
  });

  it('takes the username an X follow address names (intent/user?screen_name=…)', async () => {
    const profile = aProfile();
    await seed(service.store, profile);
    const username = profile.profile_social_profiles.twitter!.replace(/^@/, '');

    const res = await verify('twitter', `https://twitter.com/intent/user?screen_name=${username}`);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ verified: true, slug: profile.profile_slug });
    expect(asked).toEqual([`twitter:${username.toLowerCase()}`]);
  });

  it.each([
    ['twitter', 'https://www.linkedin.com/in/niamh', 'the address of another network'],
    ['twitter', '@', 'no username'],
  ])('keeps answering 422 for %s %j (%s)', async (type, username) => {
    const res = await verify(type, username);

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'social_username', message: expect.any(String) }]);
  });
});

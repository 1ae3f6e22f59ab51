import { repositoriesOf } from '@byline/shared/store';
import { checkedRequest as request, anArticle, aProfile, seed, serviceFixture, storeFactories } from '@byline/test-support';
import { createApp } from '../src/app';
import { setVerifiedByOperator } from '@byline/editorial/use-cases/verification';

const PATH = '/api/v1/verify_journalist';
const NOT_A_JOURNALIST = { verified: false, message: 'Not a Byline journalist' };

describe.each(storeFactories())('verify_journalist: not a verified journalist ($name store)', (factory) => {
  const service = serviceFixture(factory, createApp);

  const verify = (social_type: string, social_username: string) =>
    request(service.app).post(PATH).set('Authorization', service.authorization).send({ social_type, social_username });

  it('answers exactly {verified:false, message:"Not a Byline journalist"} for an unknown username', async () => {
    const res = await verify('twitter', 'nobody_at_all');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual(NOT_A_JOURNALIST);
  });

  it('never shows the profile of a journalist who is not verified', async () => {
    const profile = aProfile({ verified: false, profile_bio: 'Not yet vetted' });
    await seed(service.store, profile);

    for (const type of ['twitter', 'facebook', 'linkedin', 'instagram'] as const) {
      const res = await verify(type, profile.profile_social_profiles[type]!);
      expect(res.body).toEqual(NOT_A_JOURNALIST);
      expect(res.text).not.toContain(profile.profile_slug);
    }
  });

  it('answers unverified once an editor unverifies the journalist', async () => {
    const profile = aProfile();
    await seed(service.store, profile);
    const handle = profile.profile_social_profiles.twitter!;
    expect((await verify('twitter', handle)).body.verified).toBe(true);

    await setVerifiedByOperator(repositoriesOf(service.store), profile.profile_slug, false, { reason: 'Arranged by the test' });

    expect((await verify('twitter', handle)).body).toEqual(NOT_A_JOURNALIST);
  });

  it('does not match a network the profile has no handle on', async () => {
    const profile = aProfile({
      profile_social_profiles: { twitter: '@OnlyOnTwitter', facebook: '', linkedin: '', instagram: '' },
    });
    await seed(service.store, profile);

    expect((await verify('facebook', 'OnlyOnTwitter')).body).toEqual(NOT_A_JOURNALIST);
    expect((await verify('linkedin', '')).status).toBe(422);
  });

  it('never lists or counts inactive articles', async () => {
    const active = anArticle({ published_at: '2022-01-01T00:00:00.000Z' });
    const inactive = [1, 2, 3].map((n) => anArticle({ active: false, published_at: `2025-0${n}-01T00:00:00.000Z` }));
    const profile = aProfile({ articles: [...inactive, active] });
    await seed(service.store, profile);

    const { body } = await verify('instagram', profile.profile_social_profiles.instagram!);

    expect(body.article_count).toBe(1);
    expect(body.articles.map((a: { link: string }) => a.link)).toEqual([active.link]);
  });
});

import { repositoriesOf } from '@byline/shared/store';
import { checkedRequest as request, anArticle, aProfile, seed, serviceFixture, storeFactories } from '@byline/test-support';
import { createApp } from '../src/app';
import { setVerifiedByOperator } from '@byline/editorial/use-cases/verification';

const PATH = '/api/verify_article';
const UNVERIFIED = { verified: false, message: expect.any(String) };

describe.each(storeFactories())('verify_article: no verified author ($name store)', (factory) => {
  const service = serviceFixture(factory, createApp);

  const verify = (url: string) => request(service.app).post(PATH).query({ url }).set('Authorization', service.authorization);

  it('answers exactly {verified:false, message} for an unknown address', async () => {
    const res = await verify('https://www.example-news.ie/news/never-published');

    expect(res.status).toBe(200);
    expect(res.body).toEqual(UNVERIFIED);
    expect(res.body.message).not.toBe('');
  });

  it('never shows the profile of an author who is not verified', async () => {
    const profile = aProfile({ verified: false, profile_first_name: 'Unvetted', profile_bio: 'Hidden bio' });
    await seed(service.store, profile);

    const res = await verify(profile.articles[0]!.link);

    expect(res.status).toBe(200);
    expect(res.body).toEqual(UNVERIFIED);
    expect(res.text).not.toContain('Unvetted');
    expect(res.text).not.toContain(profile.profile_slug);
  });

  it('treats an inactive article as unknown, even of a verified author', async () => {
    const inactive = anArticle({ active: false });
    const profile = aProfile({ articles: [anArticle(), inactive] });
    await seed(service.store, profile);

    const res = await verify(inactive.link);

    expect(res.status).toBe(200);
    expect(res.body).toEqual(UNVERIFIED);
    expect(res.text).not.toContain(profile.profile_slug);
  });

  it('stops answering with the profile once the author is unverified', async () => {
    const profile = aProfile();
    await seed(service.store, profile);
    const link = profile.articles[0]!.link;
    expect((await verify(link)).body.verified).toBe(true);

    await setVerifiedByOperator(repositoriesOf(service.store), profile.profile_slug, false, { reason: 'Arranged by the test' });

    expect((await verify(link)).body).toEqual(UNVERIFIED);
  });
});

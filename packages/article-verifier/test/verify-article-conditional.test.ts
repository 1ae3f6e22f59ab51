import {
  anArticle,
  aProfile,
  checkedRequest as request,
  describeConditionalRequests,
  seed,
  VERIFY_ARTICLE,
} from '@byline/test-support';
import { createApp } from '../src/app';

describeConditionalRequests(VERIFY_ARTICLE, createApp, ({ service, verify, token }) => {
  it('answers 304 to GET too', async () => {
    const profile = aProfile();
    await seed(service.store, profile);
    const link = profile.articles[0]!.link;
    const { headers } = await verify({ url: link });

    const res = await request(service.app)
      .get(VERIFY_ARTICLE.path)
      .query({ url: link })
      .set('Authorization', `Bearer ${token()}`)
      .set('If-None-Match', headers.etag!);

    expect(res.status).toBe(304);
    expect(res.headers.etag).toBe(headers.etag);
  });

  it('gives a new article its own answer and tag on the profile’s other articles', async () => {
    const profile = aProfile();
    await seed(service.store, profile);
    const link = profile.articles[0]!.link;
    const before = await verify({ url: link });

    await seed(service.store, { ...profile, articles: [...profile.articles, anArticle()] });
    const after = await verify({ url: link }, before.headers.etag);

    expect(after.status).toBe(200);
    expect(after.body.article_count).toBe(2);
  });

  it('never answers 304 once the article is deactivated', async () => {
    const profile = aProfile();
    await seed(service.store, profile);
    const article = profile.articles[0]!;
    const { headers } = await verify({ url: article.link });

    await seed(service.store, { ...profile, articles: [{ ...article, active: false }] });
    const res = await verify({ url: article.link }, headers.etag);

    expect(res.status).toBe(200);
    expect(res.body.verified).toBe(false);
  });
});

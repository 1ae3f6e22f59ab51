import type supertest from 'supertest';
import { checkedRequest as request, anArticle, aProfile, seed, serviceFixture, storeFactories } from '@byline/test-support';
import { createApp } from '../src/app';

const PATH = '/api/verify_article';

describe.each(storeFactories())('verify_article: the forms people share find the same article ($name store)', (factory) => {
  const service = serviceFixture(factory, createApp);
  const suffix = Math.random().toString(36).slice(2, 8);
  const stored = anArticle({ link: `https://www.example-news.ie/world/harbour-towns-${suffix}` });
  const withQuery = anArticle({ link: `https://example-news.ie/article?id=42&section=world-${suffix}` });
  const profile = aProfile({ articles: [stored, withQuery] });

  beforeAll(() => seed(service.store, profile));

  const verify = (url: string) => request(service.app).post(PATH).query({ url }).set('Authorization', service.authorization);
  const found = (res: supertest.Response) => res.status === 200 && res.body.profile_slug === profile.profile_slug;

  const base = `www.example-news.ie/world/harbour-towns-${suffix}`;
  const query = `id=42&section=world-${suffix}`;

  it.each([
    ['the address as stored', `https://${base}`],
    ['surrounding whitespace', `  https://${base} \n`],
    ['http instead of https', `http://${base}`],
    ['upper-case scheme and host', `HTTPS://WWW.EXAMPLE-NEWS.IE/world/harbour-towns-${suffix}`],
    ['no www.', `https://example-news.ie/world/harbour-towns-${suffix}`],
    ['default https port :443', `https://www.example-news.ie:443/world/harbour-towns-${suffix}`],
    ['default http port :80', `http://www.example-news.ie:80/world/harbour-towns-${suffix}`],
    ['a fragment', `https://${base}#comments`],
    ['a trailing slash', `https://${base}/`],
    ['utm_source', `https://${base}?utm_source=twitter`],
    ['utm_medium', `https://${base}?utm_medium=social`],
    ['utm_campaign', `https://${base}?utm_campaign=spring`],
    ['utm_term and utm_content', `https://${base}?utm_term=flood&utm_content=link`],
    ['fbclid', `https://${base}?fbclid=IwAR0abc`],
    ['gclid', `https://${base}?gclid=Cj0KCQ`],
    ['mc_cid', `https://${base}?mc_cid=5f1d`],
    ['mc_eid', `https://${base}?mc_eid=a1b2`],
    ['igshid', `https://${base}?igshid=MzRlODBiNWFlZA==`],
    ['ref_src', `https://${base}?ref_src=twsrc%5Etfw`],
    ['all of it at once', `  HTTP://Example-News.IE:80/world/harbour-towns-${suffix}/?utm_source=x&fbclid=y#top `],
    ['tracking parameters beside significant ones', `https://example-news.ie/article?utm_medium=email&${query}&gclid=z`],
    ['significant parameters in another order', `https://example-news.ie/article?section=world-${suffix}&id=42`],
  ])('matches with %s', async (_form, url) => {
    expect(found(await verify(url))).toBe(true);
  });

  it.each([
    ['a different path case', `https://www.example-news.ie/World/harbour-towns-${suffix}`],
    ['a longer path', `https://${base}/comments`],
    ['another host', `https://example-news.co.uk/world/harbour-towns-${suffix}`],
    ['a different significant parameter value', `https://example-news.ie/article?id=43&section=world-${suffix}`],
    ['a missing significant parameter', 'https://example-news.ie/article?id=42'],
    ['an extra significant parameter', `https://example-news.ie/article?${query}&page=2`],
  ])('does not match with %s', async (_form, url) => {
    const res = await verify(url);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ verified: false, message: expect.any(String) });
  });

  describe('takes the url from wherever the caller puts it', () => {
    it('from the query string of a POST with an empty form body', async () => {
      const res = await request(service.app)
        .post(`${PATH}?url=${encodeURIComponent(stored.link)}`)
        .set('Authorization', service.authorization)
        .type('form')
        .send('');
      expect(found(res)).toBe(true);
    });

    it('from a form body', async () => {
      const res = await request(service.app)
        .post(PATH)
        .set('Authorization', service.authorization)
        .type('form')
        .send({ url: `http://${base}/?utm_source=x` });
      expect(found(res)).toBe(true);
    });

    it('from a JSON body', async () => {
      const res = await request(service.app)
        .post(PATH)
        .set('Authorization', service.authorization)
        .send({ url: `http://${base}#top` });
      expect(found(res)).toBe(true);
    });

    it('from the query string of a GET (alias of POST)', async () => {
      const res = await request(service.app).get(PATH).query({ url: stored.link }).set('Authorization', service.authorization);
      expect(found(res)).toBe(true);
    });
  });
});

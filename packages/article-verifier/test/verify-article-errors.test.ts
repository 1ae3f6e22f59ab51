import {
  checkedRequest as request,
  describeRequestErrors,
  expectFieldErrors,
  serviceFixture,
  storeFactories,
  VERIFY_ARTICLE,
} from '@byline/test-support';
import { createApp } from '../src/app';

const PATH = '/api/verify_article';
const ARTICLE = 'https://www.example-news.ie/news/some-story';

describeRequestErrors(VERIFY_ARTICLE, createApp);

describe.each(storeFactories())('verify_article: 422 names the bad field ($name store)', (factory) => {
  const service = serviceFixture(factory, createApp);
  const post = () => request(service.app).post(PATH).set('Authorization', service.authorization);

  it.each([
    ['missing', {}],
    ['empty', { url: '' }],
    ['only whitespace', { url: '   ' }],
    ['relative', { url: '/news/some-story' }],
    ['without a scheme', { url: 'www.example-news.ie/news/some-story' }],
    ['an ftp: address', { url: 'ftp://example-news.ie/news/some-story' }],
    ['a javascript: address', { url: 'javascript:alert(1)' }],
    ['a mailto: address', { url: 'mailto:desk@example-news.ie' }],
    ['longer than 2048 characters', { url: `https://example-news.ie/${'a'.repeat(2049)}` }],
  ])('when the url is %s (query string)', async (_case, query) => {
    expectFieldErrors(await post().query(query), ['url']);
  });

  it('when the url is given twice', async () => {
    const res = await post().query(`url=${encodeURIComponent(ARTICLE)}&url=${encodeURIComponent(`${ARTICLE}-2`)}`);
    expectFieldErrors(res, ['url']);
  });

  it.each([
    ['a number', { url: 42 }],
    ['an object', { url: { href: ARTICLE } }],
    ['a list', { url: [ARTICLE, ARTICLE] }],
    ['null', { url: null }],
    ['relative', { url: 'news/some-story' }],
  ])('when the url in a JSON body is %s', async (_case, body) => {
    expectFieldErrors(await post().send(body), ['url']);
  });

  it('when the url in a form body is relative', async () => {
    expectFieldErrors(await post().type('form').send({ url: '/news/some-story' }), ['url']);
  });

  it('accepts an address of exactly 2048 characters', async () => {
    const url = `https://example-news.ie/${'a'.repeat(2048 - 'https://example-news.ie/'.length)}`;
    const res = await post().query({ url });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ verified: false, message: expect.any(String) });
  });
});

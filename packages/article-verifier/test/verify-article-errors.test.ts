import {
  checkedRequest as request,
  expectFieldErrors,
  expectProblem,
  serviceFixture,
  storeFactories,
} from '@byline/test-support';
import { createApp } from '../src/app';

const PATH = '/api/verify_article';
const ARTICLE = 'https://www.example-news.ie/news/some-story';

describe.each(storeFactories())('verify_article: errors ($name store)', (factory) => {
  const service = serviceFixture(factory, createApp);
  const post = () => request(service.app).post(PATH).set('Authorization', service.authorization);

  describe('422 names the bad field', () => {
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

    it('gives the problem shape with an errors list', async () => {
      const res = await post().query({ url: 'ftp://x.example/a' });

      expect(res.body).toEqual({
        type: expect.any(String),
        title: expect.any(String),
        status: 422,
        detail: expect.any(String),
        message: res.body.detail,
        request_id: expect.any(String),
        errors: [{ field: 'url', message: expect.any(String) }],
      });
    });
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await post().set('Content-Type', 'application/json').send('{"url": "https://example.org/a",');
    expectProblem(res, 400);
  });

  it('answers 413 for a body over 1 MB', async () => {
    const res = await post().send({ url: ARTICLE, padding: 'x'.repeat(1024 * 1024 + 1) });
    expectProblem(res, 413);
  });

  it('accepts a body just under 1 MB', async () => {
    const res = await post().send({ url: ARTICLE, padding: 'x'.repeat(1000 * 1000) });
    expect(res.status).toBe(200);
  });

  it('answers 404 problem+json for an unknown route', async () => {
    expectProblem(await request(service.app).get('/api/nothing-here'), 404);
  });

  it('does not serve the journalist operation', async () => {
    const res = await request(service.app)
      .post('/api/v1/verify_journalist')
      .set('Authorization', service.authorization)
      .send({ social_type: 'twitter', social_username: 'someone' });
    expectProblem(res, 404);
  });

  it.each(['put', 'delete', 'patch'] as const)('answers 405 problem+json with Allow for %s', async (method) => {
    const res = await request(service.app)[method](PATH).set('Authorization', service.authorization);

    expectProblem(res, 405);
    expect(res.headers.allow).toMatch(/POST/);
  });

  it.each(['/healthz', '/readyz'])('answers 200 on %s without credentials', async (path) => {
    const res = await request(service.app).get(path);

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});

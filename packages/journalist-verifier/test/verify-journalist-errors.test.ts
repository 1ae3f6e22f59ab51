import {
  checkedRequest as request,
  expectFieldErrors,
  expectProblem,
  serviceFixture,
  storeFactories,
} from '@byline/test-support';
import { createApp } from '../src/app';

const PATH = '/api/v1/verify_journalist';

describe.each(storeFactories())('verify_journalist: errors ($name store)', (factory) => {
  const service = serviceFixture(factory, createApp);
  const post = () => request(service.app).post(PATH).set('Authorization', service.authorization);

  describe('422 names each bad field', () => {
    it.each([
      ['social_type is missing', { social_username: 'NiamhCass94' }, ['social_type']],
      ['social_type is empty', { social_username: 'NiamhCass94', social_type: '' }, ['social_type']],
      ['social_type is not a known network', { social_username: 'NiamhCass94', social_type: 'myspace' }, ['social_type']],
      ['social_type is a number', { social_username: 'NiamhCass94', social_type: 1 }, ['social_type']],
      ['social_type is a list', { social_username: 'NiamhCass94', social_type: ['twitter'] }, ['social_type']],
      ['social_username is missing', { social_type: 'twitter' }, ['social_username']],
      ['social_username is empty', { social_type: 'twitter', social_username: '' }, ['social_username']],
      ['social_username is only whitespace', { social_type: 'twitter', social_username: '   ' }, ['social_username']],
      ['social_username is only @', { social_type: 'twitter', social_username: '@' }, ['social_username']],
      ['social_username is a number', { social_type: 'twitter', social_username: 12345 }, ['social_username']],
      ['social_username is an object', { social_type: 'twitter', social_username: { name: 'x' } }, ['social_username']],
      ['social_username is null', { social_type: 'twitter', social_username: null }, ['social_username']],
      ['social_username is a list', { social_type: 'twitter', social_username: ['a', 'b'] }, ['social_username']],
      [
        'social_username is the address of another network',
        { social_type: 'twitter', social_username: 'https://www.linkedin.com/in/niamh' },
        ['social_username'],
      ],
      ['both are missing', {}, ['social_type', 'social_username']],
    ])('when %s (JSON body)', async (_case, body, fields) => {
      expectFieldErrors(await post().send(body), fields);
    });

    it('when social_type is invalid in a form body', async () => {
      expectFieldErrors(await post().type('form').send({ social_username: 'a', social_type: 'tiktok' }), ['social_type']);
    });

    it('when social_username is given twice in the query string', async () => {
      expectFieldErrors(await post().query('social_type=twitter&social_username=a&social_username=b'), ['social_username']);
    });

    it('gives the problem shape with an errors list', async () => {
      const res = await post().send({ social_username: 'NiamhCass94' });

      expect(res.body).toEqual({
        type: expect.any(String),
        title: expect.any(String),
        status: 422,
        detail: expect.any(String),
        message: res.body.detail,
        request_id: expect.any(String),
        errors: [{ field: 'social_type', message: expect.any(String) }],
      });
    });
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await post().set('Content-Type', 'application/json').send('{"social_type": "twitter", ');
    expectProblem(res, 400);
  });

  it('answers 413 for a body over 1 MB', async () => {
    const res = await post().send({ social_type: 'twitter', social_username: 'a', padding: 'x'.repeat(1024 * 1024 + 1) });
    expectProblem(res, 413);
  });

  it('answers 404 problem+json for an unknown route', async () => {
    expectProblem(await request(service.app).post('/api/v2/verify_journalist'), 404);
  });

  it('does not serve the article operation', async () => {
    const res = await request(service.app)
      .post('/api/verify_article')
      .query({ url: 'https://example-news.ie/a' })
      .set('Authorization', service.authorization);
    expectProblem(res, 404);
  });

  it.each(['get', 'put', 'delete'] as const)('answers 405 problem+json with Allow: POST for %s', async (method) => {
    const res = await request(service.app)[method](PATH).set('Authorization', service.authorization);

    expectProblem(res, 405);
    expect(res.headers.allow).toBe('POST');
  });

  it.each(['/healthz', '/readyz'])('answers 200 on %s without credentials', async (path) => {
    expect((await request(service.app).get(path)).status).toBe(200);
  });
});

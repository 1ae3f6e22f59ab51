import type supertest from 'supertest';
import {
  checkedRequest as request,
  anArticle,
  aProfile,
  expectFieldErrors,
  seed,
  serviceFixture,
  storeFactories,
} from '@byline/test-support';
import { createApp } from '../src/app';

const PATH = '/api/verify_article';

/** `url` may come from the query or the body (JSON or form); neither wins over the other. */
describe.each(storeFactories())('verify_article: where the url may come from ($name store)', (factory) => {
  const service = serviceFixture(factory, createApp);
  const known = anArticle();
  const other = anArticle();
  const profile = aProfile({ articles: [known] });
  beforeAll(() => seed(service.store, profile));

  const post = (query = '') => request(service.app).post(`${PATH}${query}`).set('Authorization', service.authorization);
  const q = (url: string) => `?url=${encodeURIComponent(url)}`;

  function expectConflict(res: supertest.Response, field: string, where: RegExp): void {
    expectFieldErrors(res, [field]);
    expect(res.body.errors[0].message).toMatch(where);
  }

  it.each([
    ['a JSON body', (req: supertest.Test) => req.send({ url: other.link })],
    ['a form body', (req: supertest.Test) => req.type('form').send({ url: other.link })],
  ])('answers 422 naming url when the query and %s give different addresses', async (_case, withBody) => {
    expectConflict(
      await withBody(post(q(known.link))),
      'url',
      /"url" is given in both the query and the body with different values/,
    );
    expectConflict(await withBody(post(q(other.link))).send({ url: known.link }), 'url', /both the query and the body/);
  });

  it.each([
    ['a JSON body', (req: supertest.Test) => req.send({ url: known.link })],
    ['a form body', (req: supertest.Test) => req.type('form').send({ url: known.link })],
  ])('answers for the address when the query and %s give the same one', async (_case, withBody) => {
    const res = await withBody(post(q(known.link)));

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ verified: true, profile_slug: profile.profile_slug });
  });

  it('reads the url from the body when the query has other parameters only', async () => {
    const res = await post('?utm_source=mail').send({ url: known.link });

    expect(res.status).toBe(200);
    expect(res.body.profile_slug).toBe(profile.profile_slug);
  });

  it('answers 422 naming url when the query gives it twice', async () => {
    expectConflict(
      await post(`${q(known.link)}&url=${encodeURIComponent(other.link)}`),
      'url',
      /"url" is given more than once in the query/,
    );
  });

  it('answers 422 naming url when the query gives the same address twice', async () => {
    expectConflict(await post(`${q(known.link)}&${q(known.link).slice(1)}`), 'url', /more than once in the query/);
  });

  it('answers 422 naming url when a form body gives it twice', async () => {
    const body = `url=${encodeURIComponent(known.link)}&url=${encodeURIComponent(other.link)}`;
    expectConflict(await post().type('form').send(body), 'url', /"url" is given more than once in the form body/);
  });

  it('answers 422 naming url for a JSON list, as for any value that is not a string', async () => {
    expectConflict(await post().send({ url: [known.link, other.link] }), 'url', /"url" must be a string/);
  });
});

import type supertest from 'supertest';
import {
  checkedRequest as request,
  aProfile,
  expectFieldErrors,
  seed,
  serviceFixture,
  storeFactories,
} from '@byline/test-support';
import { createApp } from '../src/app';

const PATH = '/api/v1/verify_journalist';

/** social_username and social_type may each come from the query or the body (JSON or form); neither wins. */
describe.each(storeFactories())('verify_journalist: where the fields may come from ($name store)', (factory) => {
  const service = serviceFixture(factory, createApp);
  const suffix = Math.random().toString(36).slice(2, 8);
  const handle = `NiamhSrc${suffix}`; // X allows 15 characters
  const profile = aProfile({ profile_social_profiles: { twitter: `@${handle}`, linkedin: `niamh-${suffix}` } });
  beforeAll(() => seed(service.store, profile));

  const post = (query = '') => request(service.app).post(`${PATH}${query}`).set('Authorization', service.authorization);

  function expectVerified(res: supertest.Response): void {
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ verified: true, slug: profile.profile_slug });
  }

  it('answers 422 naming social_type when the query and a JSON body disagree on it', async () => {
    const res = await post('?social_type=linkedin').send({ social_type: 'twitter', social_username: handle });

    expectFieldErrors(res, ['social_type']);
    expect(res.body.errors[0].message).toBe('"social_type" is given in both the query and the body with different values');
  });

  it('answers 422 naming social_username when the query and a form body disagree on it', async () => {
    const res = await post(`?social_username=someone-else`)
      .type('form')
      .send({ social_type: 'twitter', social_username: handle });

    expectFieldErrors(res, ['social_username']);
  });

  it('names both fields when both disagree', async () => {
    const res = await post(`?social_type=linkedin&social_username=someone-else`).send({
      social_type: 'twitter',
      social_username: handle,
    });

    expectFieldErrors(res, ['social_type', 'social_username']);
  });

  it('takes each field from wherever it is given', async () => {
    expectVerified(await post('?social_type=twitter').send({ social_username: handle }));
    expectVerified(await post(`?social_username=${handle}`).type('form').send({ social_type: 'twitter' }));
  });

  it('accepts a field given in both places with the same value', async () => {
    expectVerified(
      await post(`?social_type=twitter&social_username=${handle}`).send({ social_type: 'twitter', social_username: handle }),
    );
  });

  it('answers 422 naming social_type when the query gives it twice', async () => {
    const res = await post(`?social_type=twitter&social_type=linkedin&social_username=${handle}`);

    expectFieldErrors(res, ['social_type']);
    expect(res.body.errors[0].message).toBe('"social_type" is given more than once in the query');
  });

  it('answers 422 naming social_username when a form body gives it twice', async () => {
    const res = await post().type('form').send(`social_type=twitter&social_username=${handle}&social_username=other`);

    expectFieldErrors(res, ['social_username']);
    expect(res.body.errors[0].message).toBe('"social_username" is given more than once in the form body');
  });
});

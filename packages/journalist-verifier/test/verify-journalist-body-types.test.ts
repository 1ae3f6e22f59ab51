import {
  checkedRequest as request,
  aProfile,
  expectFieldErrors,
  expectProblem,
  seed,
  serviceFixture,
  storeFactories,
} from '@byline/test-support';
import { createApp } from '../src/app';

const PATH = '/api/v1/verify_journalist';
const QUESTION = JSON.stringify({ social_type: 'twitter', social_username: '@NiamhCass94' });

describe.each(storeFactories())('verify_journalist: which bodies are read ($name store)', (factory) => {
  const service = serviceFixture(factory, createApp);
  const post = () => request(service.app).post(PATH).set('Authorization', service.authorization);

  const profile = aProfile({ profile_social_profiles: { twitter: '@NiamhCass94' } });
  beforeAll(() => seed(service.store, profile));

  it.each(['application/json', 'application/json; charset=utf-8', 'application/vnd.api+json', 'Application/JSON'])(
    'reads a %s body',
    async (type) => {
      const res = await post().set('Content-Type', type).send(QUESTION);

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ verified: true, slug: profile.profile_slug });
    },
  );

  it('reads a form body', async () => {
    const res = await post().type('form').send({ social_type: 'twitter', social_username: 'NiamhCass94' });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ verified: true, slug: profile.profile_slug });
  });

  it('does not read a body of another type, so its fields are missing', async () => {
    expectFieldErrors(await post().set('Content-Type', 'text/plain').send(QUESTION), ['social_type', 'social_username']);
  });

  it('answers 415 for a JSON body in a charset other than UTF-8', async () => {
    expectProblem(await post().set('Content-Type', 'application/json; charset=latin1').send(QUESTION), 415);
  });
});

import { createApiKey, type KeyPair } from '@byline/shared';
import {
  checkedRequest as request,
  ACCEPTED_CREDENTIALS,
  aProfile,
  expectProblem,
  expectUnauthorized,
  REFUSED_CREDENTIALS,
  seed,
  serviceFixture,
  storeFactories,
} from '@byline/test-support';
import { createApp } from '../src/app';

const PATH = '/api/v1/verify_journalist';

describe.each(storeFactories())('verify_journalist: authentication ($name store)', (factory) => {
  const service = serviceFixture(factory, createApp);
  const profile = aProfile();
  let pair: KeyPair;

  beforeAll(async () => {
    await seed(service.store, profile);
    pair = await createApiKey(service.store, 'platform@example.org', 'auth tests');
  });

  const verify = (headers: Record<string, string> = {}) =>
    request(service.app)
      .post(PATH)
      .set(headers)
      .send({ social_type: 'twitter', social_username: profile.profile_social_profiles.twitter });

  it.each(ACCEPTED_CREDENTIALS)('accepts Bearer KEY:SECRET in the %s', async (_case, header, value) => {
    const res = await verify({ [header]: value(pair) });

    expect(res.status).toBe(200);
    expect(res.body.slug).toBe(profile.profile_slug);
  });

  it('requires credentials (secure by default): none gives 401 with WWW-Authenticate', async () => {
    expectUnauthorized(await verify());
  });

  it.each(REFUSED_CREDENTIALS)('refuses %s with 401', async (_case, value) => {
    const res = await verify({ Authorization: value(pair) });

    expectUnauthorized(res);
    expect(res.text).not.toContain(profile.profile_slug);
  });

  it.each(REFUSED_CREDENTIALS)('refuses %s in the Authentication header with 401', async (_case, value) => {
    expectUnauthorized(await verify({ Authentication: value(pair) }));
  });

  it('checks credentials before the input: a missing social_type without credentials is 401, not 422', async () => {
    expectUnauthorized(await request(service.app).post(PATH).send({ social_username: 'someone' }));
  });

  it('refuses a revoked key', async () => {
    const revoked = await createApiKey(service.store, 'platform@example.org', 'to revoke');
    await service.store.revokeApiKey(revoked.key);

    expectUnauthorized(await verify({ Authorization: `Bearer ${revoked.token}` }));
  });

  it('refuses a key revoked while in use within 5 seconds', async () => {
    const key = await createApiKey(service.store, 'platform@example.org', 'in use');
    expect((await verify({ Authentication: `Bearer ${key.token}` })).status).toBe(200);

    await service.store.revokeApiKey(key.key);
    await new Promise((resolve) => setTimeout(resolve, 1100));

    expectUnauthorized(await verify({ Authentication: `Bearer ${key.token}` }));
  });

  it('answers 403 for a key of a suspended account', async () => {
    const email = `suspended-${Date.now()}@example.org`;
    const key = await createApiKey(service.store, email);
    await service.store.setAccountStatus(email, 'suspended');

    const res = await verify({ Authorization: `Bearer ${key.token}` });

    expectProblem(res, 403);
    expect(res.text).not.toContain(profile.profile_slug);
  });
});

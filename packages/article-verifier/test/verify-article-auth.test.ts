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

const PATH = '/api/verify_article';

describe.each(storeFactories())('verify_article: authentication ($name store)', (factory) => {
  const service = serviceFixture(factory, createApp);
  const profile = aProfile();
  let pair: KeyPair;

  beforeAll(async () => {
    await seed(service.store, profile);
    pair = await createApiKey(service.store, 'newsroom@example.org', 'auth tests');
  });

  const verify = (headers: Record<string, string> = {}) =>
    request(service.app).post(PATH).query({ url: profile.articles[0]!.link }).set(headers);

  it.each(ACCEPTED_CREDENTIALS)('accepts Bearer KEY:SECRET in the %s', async (_case, header, value) => {
    const res = await verify({ [header]: value(pair) });

    expect(res.status).toBe(200);
    expect(res.body.profile_slug).toBe(profile.profile_slug);
  });

  it('refuses a request without credentials with 401 and WWW-Authenticate', async () => {
    expectUnauthorized(await verify());
  });

  it('refuses an unauthenticated GET too', async () => {
    expectUnauthorized(await request(service.app).get(PATH).query({ url: profile.articles[0]!.link }));
  });

  it.each(REFUSED_CREDENTIALS)('refuses %s with 401', async (_case, value) => {
    const res = await verify({ Authorization: value(pair) });

    expectUnauthorized(res);
    expect(res.text).not.toContain(profile.profile_slug);
  });

  it.each(REFUSED_CREDENTIALS)('refuses %s in the Authentication header with 401', async (_case, value) => {
    expectUnauthorized(await verify({ Authentication: value(pair) }));
  });

  it('checks credentials before the input: a bad url without credentials is 401, not 422', async () => {
    expectUnauthorized(await request(service.app).post(PATH).query({ url: 'not a url' }));
  });

  it('refuses a revoked key', async () => {
    const revoked = await createApiKey(service.store, 'newsroom@example.org', 'to revoke');
    await service.store.revokeApiKey(revoked.key);

    expectUnauthorized(await verify({ Authorization: `Bearer ${revoked.token}` }));
  });

  it('refuses a key revoked while in use within 5 seconds', async () => {
    const key = await createApiKey(service.store, 'newsroom@example.org', 'in use');
    expect((await verify({ Authorization: `Bearer ${key.token}` })).status).toBe(200);

    await service.store.revokeApiKey(key.key);
    await new Promise((resolve) => setTimeout(resolve, 1100));

    expectUnauthorized(await verify({ Authorization: `Bearer ${key.token}` }));
  });

  it('answers 403 for a key of a suspended account, and 200 again once reactivated', async () => {
    const email = `suspended-${Date.now()}@example.org`;
    const key = await createApiKey(service.store, email);
    await service.store.setAccountStatus(email, 'suspended');

    const refused = await verify({ Authorization: `Bearer ${key.token}` });
    expectProblem(refused, 403);
    expect(refused.text).not.toContain(profile.profile_slug);

    await service.store.setAccountStatus(email, 'active');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await verify({ Authorization: `Bearer ${key.token}` })).status).toBe(200);
  });

  it('answers 401, not 403, for a wrong secret of a suspended account', async () => {
    const email = `suspended-wrong-${Date.now()}@example.org`;
    const key = await createApiKey(service.store, email);
    await service.store.setAccountStatus(email, 'suspended');

    expectUnauthorized(await verify({ Authorization: `Bearer ${key.key}:${'x'.repeat(24)}` }));
  });
});

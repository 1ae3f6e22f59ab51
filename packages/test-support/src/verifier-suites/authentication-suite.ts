import { createApiKey, type KeyPair } from '@byline/shared';
import { repositoriesOf } from '@byline/shared/store';
import { aProfile } from '../builders';
import { testClock } from '../clock';
import { seed } from '../harness';
import { ACCEPTED_CREDENTIALS, expectProblem, expectUnauthorized, REFUSED_CREDENTIALS, serviceFixture } from '../http';
import { checkedRequest as request } from '../openapi-conformance';
import { storeFactories } from '../stores';
import type { CreateApp, VerifierOperation } from './operations';

/** How a verification operation takes and refuses credentials (call inside the service's test file). */
export function describeAuthentication(operation: VerifierOperation, createApp: CreateApp): void {
  describe.each(storeFactories())(`${operation.name}: authentication ($name store)`, (factory) => {
    const clock = testClock();
    const service = serviceFixture(factory, createApp, { now: clock.now });
    // Past the credential cache's lifetime (AUTH_CACHE_TTL_MS, 1 s by default).
    const pastTheCache = () => clock.advance(1100);
    const profile = aProfile();
    let pair: KeyPair;

    beforeAll(async () => {
      await seed(service.store, profile);
      pair = await createApiKey(repositoriesOf(service.store).apiKeys, 'newsroom@example.org', 'auth tests');
    });

    const verify = (headers: Record<string, string> = {}) =>
      operation.send(request(service.app).post(operation.path).set(headers), operation.lookup(profile));

    it.each(ACCEPTED_CREDENTIALS)('accepts Bearer KEY:SECRET in the %s', async (_case, header, value) => {
      const res = await verify({ [header]: value(pair) });

      expect(res.status).toBe(200);
      expect(res.body[operation.slugField]).toBe(profile.profile_slug);
    });

    it('requires credentials (secure by default): none gives 401 with WWW-Authenticate', async () => {
      expectUnauthorized(await verify());
    });

    if (operation.methods.includes('GET')) {
      it('refuses an unauthenticated GET too', async () => {
        expectUnauthorized(await request(service.app).get(operation.path).query(operation.lookup(profile)));
      });
    }

    it.each(REFUSED_CREDENTIALS)('refuses %s with 401', async (_case, value) => {
      const res = await verify({ Authorization: value(pair) });

      expectUnauthorized(res);
      expect(res.text).not.toContain(profile.profile_slug);
    });

    it.each(REFUSED_CREDENTIALS)('refuses %s in the Authentication header with 401', async (_case, value) => {
      expectUnauthorized(await verify({ Authentication: value(pair) }));
    });

    it('checks credentials before the input: input it would refuse, sent without credentials, is 401, not 422', async () => {
      expectUnauthorized(await operation.send(request(service.app).post(operation.path), operation.invalid));
    });

    it('refuses a revoked key', async () => {
      const revoked = await createApiKey(repositoriesOf(service.store).apiKeys, 'newsroom@example.org', 'to revoke');
      await repositoriesOf(service.store).apiKeys.revokeKey(revoked.key, new Date());

      expectUnauthorized(await verify({ Authorization: `Bearer ${revoked.token}` }));
    });

    it.each(['Authorization', 'Authentication'])('refuses a key revoked while in use within 5 seconds (%s)', async (header) => {
      const key = await createApiKey(repositoriesOf(service.store).apiKeys, 'newsroom@example.org', 'in use');
      expect((await verify({ [header]: `Bearer ${key.token}` })).status).toBe(200);

      await repositoriesOf(service.store).apiKeys.revokeKey(key.key, new Date());
      pastTheCache();

      expectUnauthorized(await verify({ [header]: `Bearer ${key.token}` }));
    });

    it('answers 403 for a key of a suspended account, and 200 again once reactivated', async () => {
      const email = `suspended-${Date.now()}@example.org`;
      const key = await createApiKey(repositoriesOf(service.store).apiKeys, email);
      await repositoriesOf(service.store).apiAccounts.setStatus(email, 'suspended');

      const refused = await verify({ Authorization: `Bearer ${key.token}` });
      expectProblem(refused, 403);
      expect(refused.text).not.toContain(profile.profile_slug);

      await repositoriesOf(service.store).apiAccounts.setStatus(email, 'active');
      pastTheCache();
      expect((await verify({ Authorization: `Bearer ${key.token}` })).status).toBe(200);
    });

    it('answers 401, not 403, for a wrong secret of a suspended account', async () => {
      const email = `suspended-wrong-${Date.now()}@example.org`;
      const key = await createApiKey(repositoriesOf(service.store).apiKeys, email);
      await repositoriesOf(service.store).apiAccounts.setStatus(email, 'suspended');

      expectUnauthorized(await verify({ Authorization: `Bearer ${key.key}:${'x'.repeat(24)}` }));
    });
  });
}

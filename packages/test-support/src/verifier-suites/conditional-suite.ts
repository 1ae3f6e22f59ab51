import type { Test } from 'supertest';
import { createApiKey, type KeyPair } from '@byline/shared';
import { repositoriesOf } from '@byline/shared/store';
import { aProfile } from '../builders';
import { seed } from '../harness';
import { expectUnauthorized, serviceFixture, type ServiceFixture } from '../http';
import { storeFactories } from '../stores';
import { ask, type CreateApp, type VerifierOperation } from './operations';
import { setVerifiedByOperator } from '@byline/editorial/use-cases/verification';

export const remaining = (header: string | undefined) => Number(/;r=(\d+);/.exec(header ?? '')?.[1]);

/** The operation asked with this input, If-None-Match when given, and the suite's key unless other credentials are. */
export type Verify = (fields: Record<string, unknown>, ifNoneMatch?: string, authorization?: string) => Test;

/**
 * ETag and If-None-Match as both operations answer them (call inside the service's test file). `more` adds the
 * service's own cases inside the same describe, on the same service and key.
 */
export function describeConditionalRequests(
  operation: VerifierOperation,
  createApp: CreateApp,
  more?: (context: { service: ServiceFixture; verify: Verify; token: () => string }) => void,
): void {
  describe.each(storeFactories())(`${operation.name}: ETag and If-None-Match ($name store)`, (factory) => {
    // No credential cache: a revoked key is refused by the very next request.
    const service = serviceFixture(factory, createApp, { authCacheTtlMs: 0 });
    let pair: KeyPair;
    const verify: Verify = (fields, ifNoneMatch, authorization = `Bearer ${pair.token}`) => {
      const req = ask(operation, service.app, fields, authorization);
      return ifNoneMatch === undefined ? req : req.set('If-None-Match', ifNoneMatch);
    };

    beforeAll(async () => {
      pair = await createApiKey(repositoriesOf(service.store).apiKeys, 'conditional@example.org');
    });

    async function seeded() {
      const profile = aProfile();
      await seed(service.store, profile);
      return { profile, found: operation.lookup(profile) };
    }

    it('tags every answer, verified or not, and asks for revalidation', async () => {
      const { found } = await seeded();

      const verified = await verify(found);
      const unknown = await verify(operation.unknown);

      for (const res of [verified, unknown]) {
        expect(res.status).toBe(200);
        expect(res.headers.etag).toMatch(operation.etag);
        expect(res.headers['cache-control']).toBe('private, no-cache');
      }
      expect(verified.body.verified).toBe(true);
      expect(unknown.body.verified).toBe(false);
      expect(verified.headers.etag).not.toBe(unknown.headers.etag);
      expect((await verify(operation.unknownToo)).headers.etag).toBe(unknown.headers.etag);
    });

    it('answers 304 without a body to the current tag, in a list, weak, or *; still counted', async () => {
      const { found } = await seeded();
      const { headers } = await verify(found);
      const etag = headers.etag!;

      for (const ifNoneMatch of [etag, `"other", ${etag}`, `W/${etag}`, `W/"older", ${etag}`, '*']) {
        const before = remaining((await verify(found)).headers.ratelimit);
        const res = await verify(found, ifNoneMatch);

        expect({ ifNoneMatch, status: res.status }).toEqual({ ifNoneMatch, status: 304 });
        expect(res.text ?? '').toBe('');
        expect(res.headers.etag).toBe(etag);
        expect(res.headers['cache-control']).toBe('private, no-cache');
        expect(res.headers['content-type']).toBeUndefined();
        expect(remaining(res.headers.ratelimit)).toBe(before - 1);
      }
    });

    it('answers 200 to a tag it does not hold, and to a malformed list', async () => {
      const { profile, found } = await seeded();
      const { headers } = await verify(found);

      for (const ifNoneMatch of ['"stale"', `${headers.etag!.slice(0, -2)}"`, 'not-a-tag', `"a", garbage ${headers.etag}`]) {
        const res = await verify(found, ifNoneMatch);
        expect({ ifNoneMatch, status: res.status }).toEqual({ ifNoneMatch, status: 200 });
        expect(res.body[operation.slugField]).toBe(profile.profile_slug);
      }
    });

    it('still authenticates a conditional request', async () => {
      const { found } = await seeded();
      const { headers } = await verify(found);

      expectUnauthorized(await verify(found, headers.etag, 'Bearer nope'));
    });

    it('gives a new tag, and the new answer, once the profile changes', async () => {
      const { profile, found } = await seeded();
      const before = await verify(found);

      await seed(service.store, { ...profile, profile_bio: 'Now covers energy policy too.' });
      const after = await verify(found, before.headers.etag);

      expect(after.status).toBe(200);
      expect(after.body.profile_bio).toBe('Now covers energy policy too.');
      expect(after.headers.etag).toMatch(operation.etag);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect((await verify(found, after.headers.etag)).status).toBe(304);
    });

    it('never answers 304 once the profile is unverified', async () => {
      const { profile, found } = await seeded();
      const { headers } = await verify(found);

      await setVerifiedByOperator(repositoriesOf(service.store), profile.profile_slug, false, { reason: 'Arranged by the test' });
      const res = await verify(found, headers.etag);

      expect(res.status).toBe(200);
      expect(res.body.verified).toBe(false);
      expect(res.headers.etag).not.toBe(headers.etag);
    });

    it('never answers 304 once the key is revoked: 401', async () => {
      const { found } = await seeded();
      const revoked = await createApiKey(repositoriesOf(service.store).apiKeys, 'revoked@example.org');
      const { headers, status } = await verify(found, undefined, `Bearer ${revoked.token}`);
      expect(status).toBe(200);
      expect((await verify(found, headers.etag, `Bearer ${revoked.token}`)).status).toBe(304);

      await repositoriesOf(service.store).apiKeys.revokeKey(revoked.key, new Date());

      expectUnauthorized(await verify(found, headers.etag, `Bearer ${revoked.token}`));
    });

    more?.({ service, verify, token: () => pair.token });
  });
}

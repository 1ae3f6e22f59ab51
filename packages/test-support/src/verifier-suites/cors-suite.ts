/**
 * Browser access to a verification operation, through supertest with every answer checked against the service's
 * own OpenAPI document: preflights (204, never counted against a rate limit or the failed-authentication
 * throttle), the grant on actual requests only for an origin the key's account lists, and HEAD, which is
 * refused without costing rate budget.
 */
import type { Express } from 'express';
import { createApiKey } from '@byline/shared';
import { type Store } from '@byline/domain/store/store';
import { repositoriesOf } from '@byline/shared/store';
import { createRateLimiting, type RateLimiting } from '@byline/http';
import { aProfile } from '../builders';
import { quietLogger, seed } from '../harness';
import { checkedRequest as request } from '../openapi-conformance';
import { storeFactories } from '../stores';
import { ask, type CreateApp, type VerifierOperation } from './operations';

const NEWS = 'https://news.example';
const OTHER_DESK = 'https://other.example:8443';
const REMAINING = /^"per-minute";r=(\d+);t=\d+$/;
const remaining = (header: string | undefined) => Number(REMAINING.exec(header ?? '')?.[1] ?? NaN);

/** CORS and HEAD for one operation (call inside the service's test file). */
export function describeCors(operation: VerifierOperation, createApp: CreateApp): void {
  describe.each(storeFactories())(`${operation.name}: CORS and HEAD ($name store)`, (factory) => {
    const profile = aProfile({ profile_social_profiles: { twitter: '@CorsDesk' } });
    let store: Store;
    let desk: string;
    let otherDesk: string;
    const opened: RateLimiting[] = [];

    beforeAll(async () => {
      store = await factory.create();
      await seed(store, profile);
      desk = `Bearer ${(await createApiKey(repositoriesOf(store).apiKeys, 'desk@example.org', 'page')).token}`;
      otherDesk = `Bearer ${(await createApiKey(repositoriesOf(store).apiKeys, 'other@example.org', 'page')).token}`;
      await repositoriesOf(store).apiAccounts.setOrigins('desk@example.org', [NEWS]);
      await repositoriesOf(store).apiAccounts.setOrigins('other@example.org', [OTHER_DESK]);
    });
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((limiting) => limiting.close()));
    });
    afterAll(() => store.close());

    const send = (app: Express, authorization: string) => ask(operation, app, operation.lookup(profile), authorization);

    async function serve(limits: { perMinute?: number; authFailuresPerMinute?: number } = {}): Promise<Express> {
      const rateLimiting = await createRateLimiting({ usage: repositoriesOf(store).usage, logger: quietLogger(), ...limits });
      opened.push(rateLimiting);
      return createApp({ store, logger: quietLogger(), authCacheTtlMs: 0, rateLimiting });
    }

    const preflight = (app: Express, origin: string) =>
      request(app)
        .options(operation.path)
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'authorization, content-type');

    it('answers a preflight from an allowed origin with 204 and the grant, without credentials', async () => {
      const res = await preflight(await serve(), NEWS);

      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect(res.headers['access-control-allow-origin']).toBe(NEWS);
      expect(res.headers['access-control-allow-methods']).toBe(operation.methods);
      expect(res.headers['access-control-allow-headers']).toBe('Authorization, Authentication, Content-Type, If-None-Match');
      expect(res.headers['access-control-max-age']).toBe('600');
      expect(res.headers.vary).toBe('Origin');
      expect(res.headers.allow).toBe(`${operation.methods}, OPTIONS`);
      expect(res.headers.ratelimit).toBeUndefined();
      expect(res.headers['www-authenticate']).toBeUndefined();
    });

    it.each([
      ['an origin no account lists', 'https://evil.example'],
      ['the allowed host over http', 'http://news.example'],
      ['the allowed host on another port', 'https://news.example:8443'],
      ['a sandboxed page', 'null'],
    ])('answers a preflight from %s with 204 and no grant', async (_case, origin) => {
      const res = await preflight(await serve(), origin);

      expect(res.status).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-methods']).toBe(operation.methods);
      expect(res.headers.vary).toBe('Origin');
    });

    it('sees an origin added or removed at once when the cache lifetime is 0', async () => {
      const app = await serve();
      const later = 'https://later.example';
      expect((await preflight(app, later)).headers['access-control-allow-origin']).toBeUndefined();
      await repositoriesOf(store).apiAccounts.setOrigins('other@example.org', [OTHER_DESK, later]);
      expect((await preflight(app, later)).headers['access-control-allow-origin']).toBe(later);
      await repositoriesOf(store).apiAccounts.setOrigins('other@example.org', [OTHER_DESK]);
      expect((await preflight(app, later)).headers['access-control-allow-origin']).toBeUndefined();
    });

    it('grants an actual request from an origin its key’s account lists, exposing the rate-limit and request-id headers', async () => {
      const res = await send(await serve(), desk).set('Origin', NEWS);

      expect(res.status).toBe(200);
      expect(res.body.verified).toBe(true);
      expect(res.headers['access-control-allow-origin']).toBe(NEWS);
      expect(res.headers['access-control-expose-headers']?.split(', ')).toEqual(
        expect.arrayContaining(['RateLimit', 'RateLimit-Policy', 'Retry-After', 'X-Request-Id']),
      );
      expect(res.headers.vary).toMatch(/\bOrigin\b/);
    });

    it('grants nothing to an origin only another account lists, nor to one nobody lists; the answer itself is the same', async () => {
      const app = await serve();
      for (const origin of [OTHER_DESK, 'https://evil.example']) {
        const res = await send(app, desk).set('Origin', origin);

        expect(res.status).toBe(200);
        expect(res.body.verified).toBe(true);
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
        expect(res.headers['access-control-expose-headers']).toBeUndefined();
        expect(res.headers.vary).toMatch(/\bOrigin\b/);
      }
      const granted = await send(app, otherDesk).set('Origin', OTHER_DESK);
      expect(granted.headers['access-control-allow-origin']).toBe(OTHER_DESK);
    });

    it('adds nothing to a request without Origin', async () => {
      const res = await send(await serve(), desk);

      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers.vary).toBeUndefined();
    });

    it.each([
      ['not valid', 'Bearer nosuchkey:nosecret'],
      ['malformed', 'Basic Zm9vOmJhcg=='],
    ])(
      'lets any page read a 401 whose credentials are %s, which says no more than it says to anyone',
      async (_case, authorization) => {
        const app = await serve();
        for (const origin of [NEWS, 'https://evil.example']) {
          const fromPage = await send(app, authorization).set('Origin', origin);
          const fromServer = await send(app, authorization);

          expect(fromPage.status).toBe(401);
          expect(fromPage.headers['access-control-allow-origin']).toBe(origin);
          expect(fromPage.headers['access-control-expose-headers']).toContain('X-Request-Id');
          expect(fromPage.headers.vary).toMatch(/\bOrigin\b/);
          expect(fromPage.headers['access-control-allow-credentials']).toBeUndefined();
          const { request_id: _a, ...pageBody } = fromPage.body as Record<string, unknown>;
          const { request_id: _b, ...serverBody } = fromServer.body as Record<string, unknown>;
          expect(pageBody).toEqual(serverBody);
          expect(fromPage.headers['www-authenticate']).toBe(fromServer.headers['www-authenticate']);
          expect(fromServer.headers['access-control-allow-origin']).toBeUndefined();
        }
      },
    );

    it('lets a page read a 401 for missing credentials too', async () => {
      const res = await request(await serve())
        .post(operation.path)
        .query({ url: profile.articles[0]!.link })
        .set('Origin', NEWS);

      expect(res.status).toBe(401);
      expect(res.headers['access-control-allow-origin']).toBe(NEWS);
    });

    it('never counts a preflight against the key’s rate limit; a 429 to an allowed origin stays readable', async () => {
      const app = await serve({ perMinute: 2 });
      for (let i = 0; i < 5; i++) {
        const res = await preflight(app, NEWS).set('Authorization', desk);
        expect(res.status).toBe(204);
      }

      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await send(app, desk).set('Origin', NEWS));
      expect(answers.map((res) => res.status)).toEqual([200, 200, 429]);
      expect(remaining(answers[0]!.headers.ratelimit)).toBe(1);
      expect(answers[2]!.headers['access-control-allow-origin']).toBe(NEWS);
      expect(answers[2]!.headers['retry-after']).toMatch(/^\d+$/);
    });

    it('never counts a preflight against the failed-authentication throttle', async () => {
      const app = await serve({ authFailuresPerMinute: 2 });
      for (let i = 0; i < 5; i++) {
        const res = await preflight(app, NEWS).set('Authorization', 'Bearer nosuchkey:nosecret');
        expect(res.status).toBe(204);
      }

      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await send(app, 'Bearer nosuchkey:nosecret'));
      expect(answers.map((res) => res.status)).toEqual([401, 401, 429]);
    });

    describe('with a browser key', () => {
      const PAGE = 'https://page.example';
      let pageKey: string;
      let pageKeyId: string;
      beforeAll(async () => {
        const created = await createApiKey(repositoriesOf(store).apiKeys, 'desk@example.org', 'widget', {
          origins: [PAGE, 'http://localhost:3000'],
          rateLimitPerMinute: 3,
        });
        pageKey = `Bearer ${created.token}`;
        pageKeyId = created.key;
      });

      it('answers its own origins with the grant, within its own lower limit', async () => {
        const app = await serve({ perMinute: 600 });
        const res = await send(app, pageKey).set('Origin', PAGE);

        expect(res.status).toBe(200);
        expect(res.body.verified).toBe(true);
        expect(res.headers['access-control-allow-origin']).toBe(PAGE);
        expect(res.headers['ratelimit-policy']).toBe('"per-minute";q=3;w=60');
        expect(remaining(res.headers.ratelimit)).toBe(2);
      });

      it('is not granted its account’s origins: those are for the account’s server keys', async () => {
        const res = await send(await serve(), pageKey).set('Origin', NEWS);

        expect(res.status).toBe(403);
        expect(res.body.detail).toBe(`This browser key is not allowed from ${NEWS}; add the origin to the key in API settings`);
      });

      it('refuses another site’s page (403, readable) before it costs the key any budget or usage', async () => {
        const rateLimiting = await createRateLimiting({
          usage: repositoriesOf(store).usage,
          logger: quietLogger(),
          usageFlushIntervalMs: 60_000,
        });
        opened.push(rateLimiting);
        const app = createApp({ store, logger: quietLogger(), authCacheTtlMs: 0, rateLimiting });
        const usedBefore = (await repositoriesOf(store).usage.ofKey(pageKeyId)).reduce((sum, day) => sum + day.count, 0);
        for (let i = 0; i < 5; i++) {
          const res = await send(app, pageKey).set('Origin', 'https://evil.example');
          expect(res.status).toBe(403);
          expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
          expect(res.body.detail).toMatch(/not allowed from https:\/\/evil\.example/);
          expect(res.headers['access-control-allow-origin']).toBe('https://evil.example');
          expect(res.headers.ratelimit).toBeUndefined();
        }
        const allowed = await send(app, pageKey).set('Origin', PAGE);
        expect(allowed.status).toBe(200);
        expect(remaining(allowed.headers.ratelimit)).toBe(2);
        await rateLimiting.usage.flush();
        const usedAfter = (await repositoriesOf(store).usage.ofKey(pageKeyId)).reduce((sum, day) => sum + day.count, 0);
        expect(usedAfter - usedBefore).toBe(1);
      });

      it('refuses a request without Origin: it does not come from a web page', async () => {
        const res = await send(await serve(), pageKey);

        expect(res.status).toBe(403);
        expect(res.body.detail).toMatch(/browser key: it answers only requests from the web pages it lists/);
        expect(res.headers.ratelimit).toBeUndefined();
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
      });

      it('never gets more than its account: a lower account limit applies to it too', async () => {
        await repositoriesOf(store).apiAccounts.setRateLimit('desk@example.org', 2);
        try {
          const res = await send(await serve(), pageKey).set('Origin', PAGE);
          expect(res.status).toBe(200);
          expect(res.headers['ratelimit-policy']).toBe('"per-minute";q=2;w=60');
        } finally {
          await repositoriesOf(store).apiAccounts.setRateLimit('desk@example.org', null);
        }
      });

      it('has its origins granted by preflights, and an edit of them seen at once with a cache lifetime of 0', async () => {
        const app = await serve();
        expect((await preflight(app, PAGE)).headers['access-control-allow-origin']).toBe(PAGE);
        const moved = 'https://moved.example';
        await repositoriesOf(store).apiKeys.setBrowserKey(pageKeyId, { origins: [moved], rateLimitPerMinute: 3 });
        try {
          expect((await preflight(app, PAGE)).headers['access-control-allow-origin']).toBeUndefined();
          expect((await preflight(app, moved)).headers['access-control-allow-origin']).toBe(moved);
          expect((await send(app, pageKey).set('Origin', moved)).status).toBe(200);
          expect((await send(app, pageKey).set('Origin', PAGE)).status).toBe(403);
        } finally {
          await repositoriesOf(store).apiKeys.setBrowserKey(pageKeyId, {
            origins: [PAGE, 'http://localhost:3000'],
            rateLimitPerMinute: 3,
          });
        }
      });
    });

    it('refuses HEAD with 405 before reading credentials: it costs no rate budget', async () => {
      const app = await serve({ perMinute: 2 });
      for (let i = 0; i < 3; i++) {
        const res = await request(app).head(operation.path).query({ url: profile.articles[0]!.link }).set('Authorization', desk);
        expect(res.status).toBe(405);
        expect(res.headers.allow).toBe(operation.methods);
        expect(res.headers.ratelimit).toBeUndefined();
      }

      const after = await send(app, desk);
      expect(after.status).toBe(200);
      expect(remaining(after.headers.ratelimit)).toBe(1);
    });
  });
}

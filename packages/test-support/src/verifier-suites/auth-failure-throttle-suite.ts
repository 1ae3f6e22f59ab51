import type http from 'node:http';
import request from 'supertest';
import { createApiKey } from '@byline/shared';
import { type ApiCredentials } from '@byline/domain/api-accounts/api-credentials-repository';
import { type Store } from '@byline/domain/store/store';
import { repositoriesOf } from '@byline/shared/store';
import { createRateLimiting, type RateLimiting } from '@byline/http';
import { CLIENT, from, listening, OTHER_CLIENT, type Listening } from '../client-address';
import { capturingLogger, quietLogger } from '../harness';
import { expectProblem, expectUnauthorized, storeWith } from '../http';
import { freePort } from '../processes';
import { REDIS_URL, redisAnswers, uniquePrefix } from '../redis';
import { storeFactories } from '../stores';
import type { CreateApp, VerifierOperation } from './operations';

/** AUTH_FAILURES_PER_MINUTE's default. */
const LIMIT = 30;

/** The store's API credentials, counting the credential lookups made through them. */
function countingLookups(store: Store): { apiCredentials: ApiCredentials; lookups: () => number } {
  let lookups = 0;
  const credentials = repositoriesOf(store).apiCredentials;
  const counting = storeWith(credentials, {
    findCredential: (key) => {
      lookups++;
      return credentials.findCredential(key);
    },
  });
  return { apiCredentials: counting, lookups: () => lookups };
}

function expectRetryAfter(res: { headers: Record<string, string> }): void {
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
}

/** The failed-authentication throttle in front of one operation (call inside the service's test file). */
export function describeAuthFailureThrottle(operation: VerifierOperation, createApp: CreateApp): void {
  const describeWithRedis = redisAnswers() ? describe : describe.skip;
  const send = (server: http.Server, authorization: string) =>
    operation.send(request(server).post(operation.path), operation.unknown).set('Authorization', authorization);

  describe.each(storeFactories())(
    `${operation.name}: failed authentications throttled per client address ($name store)`,
    (factory) => {
      let store: Store;
      let valid: string;
      let wrongSecret: string;
      const opened: (RateLimiting | Listening)[] = [];
      beforeAll(async () => {
        store = await factory.create();
        const { key, token } = await createApiKey(repositoriesOf(store).apiKeys, 'throttled@example.org', 'auth failure tests');
        valid = `Bearer ${token}`;
        wrongSecret = `Bearer ${key}:${'x'.repeat(24)}`;
      });
      afterEach(async () => {
        await Promise.all(opened.splice(0).map((thing) => thing.close()));
      });
      afterAll(() => store.close());

      async function serve(
        options: {
          redisUrl?: string;
          keyPrefix?: string;
          logger?: ReturnType<typeof quietLogger>;
          authFailuresPerMinute?: number;
          trustProxy?: string;
        } = {},
      ) {
        const { redisUrl, keyPrefix, authFailuresPerMinute, trustProxy } = options;
        const logger = options.logger ?? quietLogger();
        const counted = countingLookups(store);
        const rateLimiting = await createRateLimiting({
          usage: repositoriesOf(store).usage,
          logger,
          redisUrl,
          keyPrefix,
          authFailuresPerMinute,
        });
        opened.push(rateLimiting);
        const service = await listening(
          createApp({ store, apiCredentials: counted.apiCredentials, logger, rateLimiting, authCacheTtlMs: 0, trustProxy }),
        );
        opened.push(service);
        return { server: service.server, lookups: counted.lookups };
      }

      test('past 30 failures a minute an address gets 429 before its credentials are checked; another address is answered', async () => {
        const { server, lookups } = await serve();
        for (let i = 0; i < LIMIT; i++) {
          expectUnauthorized(await send(server, i % 2 ? wrongSecret : 'Bearer unknownkey:nosecret').use(from(OTHER_CLIENT)));
        }

        const before = lookups();
        const refused = await send(server, wrongSecret).use(from(OTHER_CLIENT));
        expectProblem(refused, 429);
        expectRetryAfter(refused);
        expect(refused.body.detail).toMatch(/Too many failed authentications from this address; retry after \d+ s/);
        // The blocked address's right key waits too: checking it would tell a guesser when a guess is right.
        expectProblem(await send(server, valid).use(from(OTHER_CLIENT)), 429);
        expect(lookups()).toBe(before);

        await send(server, valid).use(from(CLIENT)).expect(200);
        expectUnauthorized(await send(server, wrongSecret).use(from(CLIENT)));
      });

      test('neither right keys nor missing or malformed credentials count against the address', async () => {
        const { server } = await serve();
        for (let i = 0; i < LIMIT - 1; i++) expectUnauthorized(await send(server, wrongSecret).use(from(CLIENT)));
        for (let i = 0; i < 5; i++) await send(server, valid).use(from(CLIENT)).expect(200);
        for (const malformed of ['', 'Bearer', 'Bearer no-colon', 'Basic dXNlcjpwYXNz']) {
          expectUnauthorized(await send(server, malformed).use(from(CLIENT)));
        }
        expectUnauthorized(await send(server, wrongSecret).use(from(CLIENT)));
        expectProblem(await send(server, wrongSecret).use(from(CLIENT)), 429);
      });

      test('AUTH_FAILURES_PER_MINUTE (authFailuresPerMinute) sets the limit', async () => {
        const { server } = await serve({ authFailuresPerMinute: 3 });
        for (let i = 0; i < 3; i++) expectUnauthorized(await send(server, wrongSecret).use(from(OTHER_CLIENT)));
        expectProblem(await send(server, wrongSecret).use(from(OTHER_CLIENT)), 429);
      });

      test('X-Forwarded-For names the client only from a trusted proxy', async () => {
        // Not trusted (the default): a made-up header changes nothing, the connection's address is counted.
        const direct = await serve({ authFailuresPerMinute: 3 });
        for (let i = 0; i < 3; i++) {
          expectUnauthorized(await send(direct.server, wrongSecret).set('X-Forwarded-For', `198.51.100.${i}`));
        }
        expectProblem(await send(direct.server, valid).set('X-Forwarded-For', '198.51.100.99'), 429);

        // Behind a trusted proxy (TRUST_PROXY=loopback): each forwarded client counts on its own.
        const proxied = await serve({ authFailuresPerMinute: 3, trustProxy: 'loopback' });
        for (let i = 0; i < 3; i++) {
          expectUnauthorized(await send(proxied.server, wrongSecret).set('X-Forwarded-For', '203.0.113.9'));
        }
        expectProblem(await send(proxied.server, valid).set('X-Forwarded-For', '203.0.113.9'), 429);
        await send(proxied.server, valid).set('X-Forwarded-For', '198.51.100.7').expect(200);
      });

      describeWithRedis('with Redis answering', () => {
        test("two instances sharing one Redis count an address's failures together", async () => {
          const prefix = uniquePrefix();
          const first = await serve({ redisUrl: REDIS_URL, keyPrefix: prefix });
          const second = await serve({ redisUrl: REDIS_URL, keyPrefix: prefix });
          for (let i = 0; i < LIMIT; i++) {
            expectUnauthorized(await send(i % 2 ? first.server : second.server, wrongSecret).use(from(OTHER_CLIENT)));
          }
          for (const { server } of [first, second]) {
            const refused = await send(server, wrongSecret).use(from(OTHER_CLIENT));
            expectProblem(refused, 429);
            expectRetryAfter(refused);
            await send(server, valid).use(from(CLIENT)).expect(200);
          }
        });
      });

      test('Redis down: failures are counted per instance, answers are never 500', async () => {
        const { logger, output } = capturingLogger();
        const { server } = await serve({ redisUrl: `redis://127.0.0.1:${await freePort()}`, keyPrefix: uniquePrefix(), logger });
        for (let i = 0; i < LIMIT; i++) expectUnauthorized(await send(server, wrongSecret).use(from(OTHER_CLIENT)));
        expectProblem(await send(server, wrongSecret).use(from(OTHER_CLIENT)), 429);
        await send(server, valid).use(from(CLIENT)).expect(200);
        expect(
          output()
            .split('\n')
            .filter((line) => line.includes('Redis does not answer')),
        ).toHaveLength(1);
      });
    },
  );
}

import { StoreUnavailableError } from '@byline/domain/store/store-unavailable-error';
import { expectProblem, serviceFixture, storeWith, unreachableCredentials, unreachableStore } from '../http';
import { checkedRequest as request } from '../openapi-conformance';
import { storeFactories } from '../stores';
import { ask, type CreateApp, type VerifierOperation } from './operations';

/** What either store might put in an error: none of it may reach a caller. */
const INTERNALS =
  'SQLITE_CORRUPT: database disk image is malformed in /srv/byline/data/byline.sqlite; ' +
  'MongoServerError: E11000 at /srv/byline/node_modules/mongodb/lib/cursor.js:42';

/** How a verification operation answers when its store fails (call inside the service's test file). */
export function describeServerFailures(operation: VerifierOperation, createApp: CreateApp): void {
  describe.each(storeFactories())(`${operation.name}: server-side failures ($name store)`, (factory) => {
    const failingWith = (error: Error) =>
      serviceFixture(factory, createApp, {
        wrapStore: (store) =>
          storeWith(store, {
            [operation.answerRead]: async () => {
              throw error;
            },
          }),
      });

    describe('an unexpected error', () => {
      const service = failingWith(new Error(INTERNALS));
      const lookup = () => ask(operation, service.app, operation.unknown, service.authorization);

      it('answers 500 problem+json with the request id and no internals', async () => {
        const res = await lookup().set('X-Request-Id', `trace-500-${operation.name}`);

        expectProblem(res, 500);
        expect(res.body.request_id).toBe(`trace-500-${operation.name}`);
        expect(res.text).not.toContain('SQLITE');
        expect(res.text).not.toMatch(/Mongo|E11000|\/srv\/byline|cursor\.js/);
        expect(Object.keys(res.body).sort()).toEqual(['detail', 'message', 'request_id', 'status', 'title', 'type']);
      });

      it('makes a request id when the caller sends none, and echoes it', async () => {
        const res = await lookup();

        expectProblem(res, 500);
        expect(res.body.request_id).toMatch(/\S{8,}/);
      });
    });

    describe('a store that cannot be reached', () => {
      const service = serviceFixture(factory, createApp, {
        wrapStore: unreachableStore,
        wrapCredentials: unreachableCredentials,
      });

      it('answers 503 problem+json with Retry-After', async () => {
        const res = await ask(operation, service.app, operation.unknown, service.authorization);

        expectProblem(res, 503);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      });

      it('is not ready: /readyz answers 503 with Retry-After', async () => {
        const res = await request(service.app).get('/readyz');

        expect(res.status).toBe(503);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      });

      it('is still alive: /healthz answers 200', async () => {
        expect((await request(service.app).get('/healthz')).status).toBe(200);
      });
    });

    describe('a store that fails only on the answer read', () => {
      const service = failingWith(new StoreUnavailableError('primary stepped down'));

      it('answers 503 with Retry-After after a successful credential check', async () => {
        const res = await ask(operation, service.app, operation.unknown, service.authorization);

        expectProblem(res, 503);
        expect(res.headers['retry-after']).toBeDefined();
        expect(res.text).not.toContain('primary stepped down');
      });
    });
  });
}

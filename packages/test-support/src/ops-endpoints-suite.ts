import type { Express } from 'express';
import type { OpenApiDocument, ServiceDeps } from '@byline/http';
import { embeddedStore, quietLogger } from './harness';
import { checkedRequest as request } from './openapi-conformance';

/**
 * The ops endpoints every verifier serves, checked the same way for each (call inside its test file); `operations`
 * are the paths of the service's own operations, which its document lists beside the ops endpoints.
 */
export function describeOpsEndpoints(
  createApp: (deps: ServiceDeps) => Express,
  openApi: OpenApiDocument,
  operations: string[],
): void {
  describe('ops endpoints', () => {
    const store = embeddedStore();
    const app = createApp({ store, logger: quietLogger() });
    afterAll(() => store.close());

    test('/healthz and /readyz answer without credentials', async () => {
      await request(app).get('/healthz').expect(200, { status: 'ok' });
      await request(app).get('/readyz').expect(200, { status: 'ready', store: 'embedded' });
    });

    test('/openapi.json describes this service’s operations and the ops endpoints only', async () => {
      const res = await request(app).get('/openapi.json').expect(200);
      expect(res.body.openapi).toBe('3.1.0');
      expect(Object.keys(res.body.paths)).toEqual(Object.keys(openApi.paths as object));
      expect(Object.keys(res.body.paths).filter((path) => path.startsWith('/api/'))).toEqual(operations);
      expect(Object.keys(res.body.paths)).toEqual(
        expect.arrayContaining(['/healthz', '/readyz', '/metrics', '/openapi.json', '/docs']),
      );
    });

    test.each(['gzip', 'br'])('serves /openapi.json and /docs/ with %s when asked', async (encoding) => {
      for (const path of ['/openapi.json', '/docs/']) {
        const res = await request(app).get(path).set('Accept-Encoding', encoding);
        expect({ path, status: res.status, encoding: res.headers['content-encoding'] }).toEqual({ path, status: 200, encoding });
      }
      const document = await request(app).get('/openapi.json').set('Accept-Encoding', encoding);
      expect(document.body.openapi).toBe('3.1.0');
    });

    test('serves /openapi.json with gzip to a client that offers gzip and deflate', async () => {
      const res = await request(app).get('/openapi.json').set('Accept-Encoding', 'gzip, deflate');

      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.body.openapi).toBe('3.1.0');
    });

    test('serves them plain to a client that does not ask', async () => {
      const res = await request(app).get('/openapi.json').set('Accept-Encoding', 'identity');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.openapi).toBe('3.1.0');
    });

    test('/docs serves an HTML page', async () => {
      const res = await request(app).get('/docs/').expect(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toContain('swagger');
    });

    test('/metrics counts answered requests by route pattern', async () => {
      await request(app).get('/healthz');
      const res = await request(app).get('/metrics').expect(200);
      expect(res.text).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/healthz"[^}]*status="200"[^}]*\} [1-9]/);
      expect(res.text).toContain('process_cpu_user_seconds_total');
    });
  });
}

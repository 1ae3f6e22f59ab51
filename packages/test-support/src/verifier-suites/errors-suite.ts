import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { expectProblem, sendBytes, serviceFixture, withInvalidUtf8 } from '../http';
import { checkedRequest as request } from '../openapi-conformance';
import { storeFactories } from '../stores';
import { ask, VERIFY_OPERATIONS, type CreateApp, type VerifierOperation } from './operations';

/**
 * The errors a verification operation answers whatever its input: bad bodies, unknown routes, other methods,
 * and the probes that need no credentials. Each service's own test file adds the 422s of its fields.
 */
export function describeRequestErrors(operation: VerifierOperation, createApp: CreateApp): void {
  describe.each(storeFactories())(`${operation.name}: request errors ($name store)`, (factory) => {
    const service = serviceFixture(factory, createApp);
    const post = () => request(service.app).post(operation.path).set('Authorization', service.authorization);

    it('gives the 422 problem shape with an errors list', async () => {
      const res = await ask(operation, service.app, operation.invalid, service.authorization);

      expect(res.body).toEqual({
        type: expect.any(String),
        title: expect.any(String),
        status: 422,
        detail: expect.any(String),
        message: res.body.detail,
        request_id: expect.any(String),
        errors: [{ field: operation.invalidField, message: expect.any(String) }],
      });
    });

    it('answers 400 for malformed JSON', async () => {
      const truncated = `${JSON.stringify(operation.unknown).slice(0, -1)},`;
      expectProblem(await post().set('Content-Type', 'application/json').send(truncated), 400);
    });

    it('answers 400 naming the body for JSON that is not valid UTF-8 (a byte 0xff in a string)', async () => {
      const res = await sendBytes(post().set('Content-Type', 'application/json'), withInvalidUtf8(operation.unknown));
      expectProblem(res, 400);
      expect(res.body.detail).toBe('The request body is not valid UTF-8: a JSON body must be encoded in UTF-8');
    });

    it('answers 413 for a body over 1 MB', async () => {
      expectProblem(await post().send({ ...operation.unknown, padding: 'x'.repeat(1024 * 1024 + 1) }), 413);
    });

    // body-parser inflates a compressed body and counts the inflated bytes against the same 1 MB, so a small gzip that
    // inflates past it is refused as any body too large is, without being inflated further.
    it('reads a gzip, deflate or br body, and answers a small gzip inflating past 1 MB as any body over 1 MB (413)', async () => {
      const compressed = (encoding: string, bytes: Buffer) =>
        sendBytes(post().set('Content-Type', 'application/json').set('Content-Encoding', encoding), bytes);
      const body = JSON.stringify(operation.unknown);
      for (const [encoding, compress] of [
        ['gzip', gzipSync],
        ['deflate', deflateSync],
        ['br', brotliCompressSync],
      ] as const) {
        const res = await compressed(encoding, compress(body));
        expect([encoding, res.status, res.body.verified]).toEqual([encoding, 200, false]);
      }

      const tooLarge = await post().send({ ...operation.unknown, padding: 'x'.repeat(1024 * 1024 + 1) });
      const bomb = gzipSync(JSON.stringify({ ...operation.unknown, padding: ' '.repeat(8 * 1024 * 1024) }));
      expect(bomb.length).toBeLessThan(16 * 1024);
      const res = await compressed('gzip', bomb);
      expectProblem(res, 413);
      expect({ ...res.body, request_id: 'same' }).toEqual({ ...tooLarge.body, request_id: 'same' });
      expect(res.body.detail).toBe('The request body is larger than 1 MB');
    });

    it('answers 400 saying so for a body that does not decompress as its Content-Encoding says', async () => {
      const res = await sendBytes(
        post().set('Content-Type', 'application/json').set('Content-Encoding', 'gzip'),
        Buffer.from(JSON.stringify(operation.unknown)),
      );
      expectProblem(res, 400);
      expect(res.body.detail).toBe('The request body cannot be decoded as its Content-Encoding (gzip) says');
    });

    it('accepts a body just under 1 MB', async () => {
      const res = await post().send({ ...operation.unknown, padding: 'x'.repeat(1000 * 1000) });
      expect(res.status).toBe(200);
    });

    it.each([
      ['get', '/api/nothing-here'],
      ['post', '/api/v2/verify_journalist'],
    ] as const)('answers 404 problem+json for an unknown route (%s %s)', async (method, path) => {
      expectProblem(await request(service.app)[method](path), 404);
    });

    it.each(VERIFY_OPERATIONS.filter((other) => other.name !== operation.name))(
      'does not serve the $name operation',
      async (other) => {
        expectProblem(await ask(other, service.app, other.unknown, service.authorization), 404);
      },
    );

    const refused: Array<'put' | 'delete' | 'patch' | 'get'> = ['put', 'delete', 'patch'];
    if (!operation.methods.includes('GET')) refused.push('get');
    it.each(refused)(`answers 405 problem+json with Allow: ${operation.methods} for %s`, async (method) => {
      const res = await request(service.app)[method](operation.path).set('Authorization', service.authorization);

      expectProblem(res, 405);
      expect(res.headers.allow).toBe(operation.methods);
    });

    it.each(['/healthz', '/readyz'])('answers 200 on %s without credentials', async (path) => {
      const res = await request(service.app).get(path);

      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/json/);
    });
  });
}

/**
 * An attacker's probe of a batch operation (verify_articles, v2, verify_journalists) through the front door on both
 * stores: credentials forged or put where they are not read, the rate limit dodged (duplicates, the other version,
 * batches sent at once), bodies too big, too deep, of another type or carrying `__proto__`, and web pages of origins
 * the account does not list. Every attempt is refused with a 4xx (never a 5xx), or answered without what it sought.
 */
import { gzipSync, type ZlibOptions } from 'node:zlib';
import request from 'supertest';
import { repositoriesOf } from '@byline/shared/store';
import { aProfile } from '../builders';
import { seed } from '../harness';
import { expectProblem, expectUnauthorized, sendBytes, serviceFixture } from '../http';
import { storeFactories } from '../stores';
import type { CreateApp } from './operations';
import type { BatchOperation } from './batch-suite';
import { rateLimitedApps } from './rate-limited-apps';

/** What `send` cost to inflate: the bytes every gunzip stream made while it ran (body-parser makes one a body). */
async function inflatedWhile<T>(send: () => PromiseLike<T>): Promise<{ result: T; inflatedBytes: number }> {
  let inflatedBytes = 0;
  // The module object itself, whose createGunzip body-parser calls (an import's copy is another object); the
  // property is read-only but configurable, so it is redefined for the call and put back.
  const zlib = process.getBuiltinModule('node:zlib');
  const original = Object.getOwnPropertyDescriptor(zlib, 'createGunzip')!;
  const createGunzip = zlib.createGunzip;
  Object.defineProperty(zlib, 'createGunzip', {
    ...original,
    value: (options?: ZlibOptions) => {
      const stream = createGunzip(options);
      stream.on('data', (chunk: Buffer) => (inflatedBytes += chunk.length));
      return stream;
    },
  });
  try {
    const result = await send();
    return { result, inflatedBytes };
  } finally {
    Object.defineProperty(zlib, 'createGunzip', original);
  }
}

const REMAINING = /^"per-minute";r=(\d+);t=\d+$/;
const remaining = (header: string | undefined) => Number(REMAINING.exec(header ?? '')?.[1] ?? NaN);

/** The batch operation's probe (call inside the service's test file); `sibling` shares its rate budget. */
export function describeBatchProbe(operation: BatchOperation, createApp: CreateApp, sibling?: BatchOperation): void {
  describe.each(storeFactories())(`${operation.name}: an attacker's batches ($name store)`, (factory) => {
    const service = serviceFixture(factory, createApp);
    const profile = aProfile();
    beforeAll(() => seed(service.store, profile));
    const post = (body: unknown, authorization: string | null = service.authorization) => {
      const req = request(service.app).post(operation.path);
      if (authorization !== null) req.set('Authorization', authorization);
      return typeof body === 'string' ? req.set('Content-Type', 'application/json').send(body) : req.send(body as object);
    };
    const noServerError = (res: { status: number }) => expect(res.status).toBeLessThan(500);
    /** Deeper than JSON.stringify can go, well inside the 1 MB a body may have. */
    const depth = 100_000;

    it('answers nothing without a working credential, wherever else one is put', async () => {
      const body = { [operation.list]: [operation.lookup(profile)] };
      const token = service.authorization.slice('Bearer '.length);
      for (const authorization of [
        null,
        'Bearer',
        'Bearer ',
        `Basic ${token}`,
        `Bearer ${token}x`,
        `Bearer ${token.split(':')[0]}:`,
      ]) {
        const res = await post(body, authorization);
        expectUnauthorized(res);
        expect(res.text).not.toContain(profile.profile_slug);
      }
      for (const res of [
        await request(service.app)
          .post(`${operation.path}?api_key=${encodeURIComponent(token)}`)
          .send(body),
        await request(service.app)
          .post(operation.path)
          .send({ ...body, api_key: token, authorization: service.authorization }),
        await request(service.app).post(operation.path).set('Cookie', `authorization=${token}`).send(body),
        await request(service.app).post(operation.path).set('X-Api-Key', token).send(body),
      ]) {
        expectUnauthorized(res);
        expect(res.text).not.toContain(profile.profile_slug);
      }
    });

    it('refuses a body over 1 MB with 413, and 101 items or junk lists with 422', async () => {
      const big = JSON.stringify({ [operation.list]: [operation.unknown], padding: 'x'.repeat(1_100_000) });
      expectProblem(await post(big), 413);
      expectProblem(await post({ [operation.list]: Array.from({ length: 101 }, () => operation.lookup(profile)) }), 422);
      // A compressed body is judged by its size once inflated: a small gzip of many megabytes is refused with the
      // answer any body over 1 MB gets, and inflated no further than that (counted here as it is inflated: what it
      // cost does not depend on how fast the machine is).
      const bomb = gzipSync(JSON.stringify({ [operation.list]: [operation.unknown], padding: ' '.repeat(50_000_000) }));
      expect(bomb.length).toBeLessThan(100_000);
      const { result: inflated, inflatedBytes } = await inflatedWhile(() =>
        sendBytes(
          request(service.app)
            .post(operation.path)
            .set('Authorization', service.authorization)
            .set('Content-Type', 'application/json')
            .set('Content-Encoding', 'gzip'),
          bomb,
        ),
      );
      expectProblem(inflated, 413);
      expect(inflatedBytes).toBeGreaterThan(1_000_000);
      expect(inflatedBytes).toBeLessThan(2_000_000);
      const tooLarge = await post(big);
      expect({ ...inflated.body, request_id: 'same' }).toEqual({ ...tooLarge.body, request_id: 'same' });
      const unknownEncoding = await request(service.app)
        .post(operation.path)
        .set('Authorization', service.authorization)
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'compress')
        .send(Buffer.from(JSON.stringify({ [operation.list]: [operation.unknown] })));
      expectProblem(unknownEncoding, 415);
      for (const list of [
        { length: 3, 0: operation.unknown },
        { '0': operation.unknown },
        [[operation.unknown]],
        [null],
        [true],
      ]) {
        expectProblem(await post({ [operation.list]: list }), 422);
      }
    });

    // The answer echoes each item as sent, extra fields included: an item nested deeper than JSON.stringify can go
    // must be refused with the other bad items, not overflow the stack after its lookups (a 500).
    it('HOLE if failing: an item (or a field of one) nested thousands deep is a 4xx naming the item, never a 5xx', async () => {
      const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
      const item = JSON.stringify(operation.lookup(profile));
      const deepItem = operation.list === 'journalists' ? `${item.slice(0, -1)},"note":${deep(depth)}}` : deep(depth);
      for (const body of [
        `{"${operation.list}":[${item},${deepItem}]}`,
        `{"${operation.list}":[${item}],"junk":${deep(depth)}}`,
        `{"${operation.list}":${deep(depth)}}`,
        `{"${operation.list}":[${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}]}`,
      ]) {
        const res = await post(body);
        noServerError(res);
        expect(res.text).not.toMatch(/Maximum call stack|RangeError/);
      }
      const refused = await post(`{"${operation.list}":[${item},${deepItem}]}`);
      expectProblem(refused, 422);
      expect(refused.body.errors.map((e: { field: string }) => e.field)).toEqual([`${operation.list}[1]`]);
    });

    it('reads no list through __proto__ and pollutes no prototype', async () => {
      const lookup = JSON.stringify(operation.lookup(profile));
      expectProblem(await post(`{"__proto__":{"${operation.list}":[${lookup}]}}`), 422);
      expectProblem(await post(`{"constructor":{"prototype":{"${operation.list}":[${lookup}]}}}`), 422);
      const polluted = await post(`{"${operation.list}":[${lookup}],"__proto__":{"polluted":"yes","isAdmin":true}}`);
      noServerError(polluted);
      if (operation.list === 'journalists') {
        // An item whose fields hide under __proto__ is no item: its fields are missing.
        const hidden = await post(`{"journalists":[{"__proto__":${lookup}}]}`);
        expectProblem(hidden, 422);
        expect(hidden.text).not.toContain(profile.profile_slug);
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
      expect((Object.prototype as Record<string, unknown>)[operation.list]).toBeUndefined();
    });

    it('reads JSON and forms only: another content type is no list, another charset is refused', async () => {
      const json = JSON.stringify({ [operation.list]: [operation.lookup(profile)] });
      for (const type of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/jsonx']) {
        const res = await request(service.app)
          .post(operation.path)
          .set('Authorization', service.authorization)
          .set('Content-Type', type)
          .send(json);
        expectProblem(res, 422);
        expect(res.text).not.toContain(profile.profile_slug);
      }
      const utf16 = await request(service.app)
        .post(operation.path)
        .set('Authorization', service.authorization)
        .set('Content-Type', 'application/json; charset=utf-16')
        .send(json);
      // body-parser reads no charset but UTF-8: another is refused before anything is looked up.
      expect([400, 415]).toContain(utf16.status);
      expect(utf16.text).not.toContain(profile.profile_slug);
      const broken = await post(`{"${operation.list}":[`);
      expectProblem(broken, 400);
    });

    it('gives a web page of an origin the account does not list no answer to read, preflight or not', async () => {
      await repositoriesOf(service.store).apiAccounts.setOrigins('desk@example.org', ['https://news.example']);
      for (const origin of [
        'https://evil.example',
        'https://news.example.evil.example',
        'null',
        'https://news.example:8443',
        'http://news.example',
      ]) {
        const res = await post({ [operation.list]: [operation.lookup(profile)] }).set('Origin', origin);
        expect([origin, res.headers['access-control-allow-origin']]).toEqual([origin, undefined]);
        expect(res.headers['access-control-allow-credentials']).toBeUndefined();
        const preflight = await request(service.app)
          .options(operation.path)
          .set('Origin', origin)
          .set('Access-Control-Request-Method', 'POST')
          .set('Access-Control-Request-Headers', 'authorization, content-type');
        expect(preflight.status).toBeLessThan(500);
        expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
        expect([origin, preflight.headers['access-control-allow-origin']]).not.toEqual([origin, origin]);
      }
    });
  });

  describe.each(storeFactories())(`${operation.name}: dodging the rate limit ($name store)`, (factory) => {
    const { profile, appWith: limitedApp } = rateLimitedApps(factory, createApp, 'probe');

    async function appWith(perMinute: number) {
      const { app, authorization } = await limitedApp(perMinute);
      const send = (items: unknown[], path = operation.path) =>
        request(app)
          .post(path)
          .set('Authorization', authorization)
          .send({ [operation.list]: items });
      return { app, send };
    }
    const lookups = (n: number) => Array.from({ length: n }, () => operation.lookup(profile));

    it('counts duplicates each, and a batch crossing the limit is refused whole', async () => {
      const { send } = await appWith(5);
      const five = await send(lookups(5)).expect(200);
      expect(remaining(five.headers['ratelimit'])).toBe(0);
      expectProblem(await send(lookups(1)), 429);
    });

    it('batches sent at once share one budget: no more items are answered than the limit', async () => {
      const { send } = await appWith(5);
      const answers = await Promise.all(Array.from({ length: 6 }, () => send(lookups(3))));
      const answered = answers.filter((res) => res.status === 200).length;
      expect(answers.every((res) => res.status === 200 || res.status === 429)).toBe(true);
      expect(answered * 3).toBeLessThanOrEqual(5);
    });

    if (sibling) {
      it(`shares its budget with ${sibling.name}`, async () => {
        const { send } = await appWith(5);
        await send(lookups(3)).expect(200);
        expectProblem(await send(lookups(3), sibling.path), 429);
      });
    }
  });
}

/**
 * The portal's OpenAPI document of its public credential routes, checked as the verifiers' documents are: Redocly's
 * recommended lint, and every real answer of each route (200, 304, 404, 503) against it with the answer check of the
 * verifiers' HTTP tests (status, media type, body schema, headers), which here also refuses a Cache-Control,
 * Vary or Cross-Origin-Resource-Policy the answer does not list.
 */
import { generateKeyPairSync } from 'node:crypto';
import request, { type Response } from 'supertest';
import { MongoStore } from '@byline/store-mongodb/store/mongo-store';
import { credentialIssuerOf } from '@byline/domain/credentials/credential-issuer';
import { CredentialIssuance } from '@byline/domain/credentials/credential-issuance';
import { lintOpenApi, OpenApiConformance, quietLogger } from '@byline/test-support';
import { createApp } from '../../src/app';
import { portalForEachTest, portalStoreFactories, startPortal, type Portal } from '../support/portal-harness';
import { approvedJournalist } from '../support/editors';

const PUBLIC_PORTAL = 'https://byline.example';
const PUBLIC_URLS = {
  portal: PUBLIC_PORTAL,
  articleVerifier: 'https://articles.byline.example',
  journalistVerifier: 'https://journalists.byline.example',
};
const PORTAL_HEADERS = ['cache-control', 'vary', 'cross-origin-resource-policy'];

/** The routes issuer-routes.ts and credential-routes.ts serve, and the document itself. */
const ROUTES = [
  '/.well-known/did.json',
  '/.well-known/jwks.json',
  '/credentials/status/{n}',
  '/credentials/status/{n}.cose',
  '/credentials/status/{n}.jwt',
  '/j/{slug}/credential.cose',
  '/j/{slug}/credential.jwt',
  '/openapi.json',
];

type Document = { paths: Record<string, Record<string, unknown>>; servers: unknown };

/** A COSE answer's bytes are read whole (supertest leaves an unknown binary type unread). */
const asBytes = (test: request.Test) =>
  test.buffer(true).parse((response, done) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => done(null, Buffer.concat(chunks)));
  });

// The embedded store only: the document and the answers' shapes do not depend on the store, and
// journalist-credentials.test.ts runs the routes on each store.
const embedded = portalStoreFactories().filter((factory) => factory.name === 'embedded');

describe.each(embedded)('the portal’s OpenAPI document of its credential routes ($name store)', (factory) => {
  const issuer = credentialIssuerOf({ publicPortalUrl: PUBLIC_PORTAL, storeKind: 'embedded' });
  const portal = portalForEachTest(factory, { credentialIssuer: issuer });
  const issue = () =>
    new CredentialIssuance(portal.repositories.journalistCredentials, issuer, PUBLIC_PORTAL).run(portal.clock.now);

  const documentOf = async (app: Portal['app']) =>
    JSON.parse((await request(app).get('/openapi.json').expect(200)).text) as Document;

  /** GET `path` on `app`: the answer, once the document it serves has found it described. */
  async function described(app: Portal['app'], path: string, headers: Record<string, string> = {}, binary = false) {
    const conformance = new OpenApiConformance(await documentOf(app), PORTAL_HEADERS);
    const test = request(app).get(path).set(headers);
    const res: Response = await (binary ? asBytes(test) : test);
    expect(conformance.problemsOf('GET', path, res)).toEqual([]);
    return res;
  }

  /**
   * A portal whose public address is PUBLIC_PORTAL, for the document alone: the shared one keeps the default local
   * address, as its sign-up forms are posted over http.
   */
  async function addressedPortal(use: (app: Portal['app']) => Promise<void>) {
    const addressed = await startPortal(factory, { credentialIssuer: issuer, publicUrls: PUBLIC_URLS });
    try {
      await use(addressed.app);
    } finally {
      await addressed.close();
    }
  }

  it('is valid OpenAPI 3.1 (Redocly’s recommended lint: no error, no warning), served to any origin', async () => {
    await addressedPortal(async (app) => {
      const res = await request(app).get('/openapi.json').expect(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      const document = JSON.parse(res.text) as Document & { openapi: string };
      expect(document.openapi).toBe('3.1.0');
      expect(await lintOpenApi(document)).toEqual([]);
    });
  }, 60_000);

  it('lists exactly the public credential routes, each a GET, at the portal’s public address', async () => {
    await addressedPortal(async (app) => {
      const document = await documentOf(app);
      expect(document.servers).toEqual([{ url: PUBLIC_PORTAL, description: expect.any(String) }]);
      expect(Object.keys(document.paths).sort()).toEqual(ROUTES);
      for (const item of Object.values(document.paths)) expect(Object.keys(item)).toEqual(['get']);
    });
  });

  it('describes every answer of each route: 200, 304, 404 and 503', async () => {
    const { person } = await approvedJournalist(portal);
    const { app } = portal;
    // Before the worker has issued it, the credential is pending: 503, Retry-After.
    for (const securing of ['jwt', 'cose'])
      expect((await described(app, `/j/${person.slug}/credential.${securing}`)).status).toBe(503);
    await issue();

    const fetched: [string, Record<string, string>, boolean][] = [
      ['/.well-known/did.json', {}, false],
      ['/.well-known/jwks.json', {}, false],
      [`/j/${person.slug}/credential.jwt`, {}, false],
      [`/j/${person.slug}/credential.cose`, {}, true],
      ['/credentials/status/1', {}, false],
      ['/credentials/status/1', { Accept: 'application/vc+cose' }, true],
      ['/credentials/status/1.jwt', {}, false],
      ['/credentials/status/1.cose', {}, true],
      ['/openapi.json', {}, false],
    ];
    for (const [path, headers, binary] of fetched) {
      const res = await described(app, path, headers, binary);
      expect([path, res.status]).toEqual([path, 200]);
      if (binary) expect((res.body as Buffer).length).toBeGreaterThan(0);
      const again = await described(app, path, { ...headers, 'If-None-Match': res.headers.etag! });
      expect([path, again.status]).toEqual([path, 304]);
    }
    expect((await described(app, '/j/nobody-here/credential.jwt')).status).toBe(404);
    // A slug that cannot be decoded: the router refuses it before the route runs, with the portal's error page.
    expect((await described(app, '/j/%E0/credential.jwt')).status).toBe(400);
    expect((await described(app, '/j/nobody-here/credential.cose')).status).toBe(404);
    for (const path of ['/credentials/status/99', '/credentials/status/99.jwt', '/credentials/status/99.cose'])
      expect((await described(app, path)).status).toBe(404);
  });

  it('describes the 404s of a portal that signs nothing (no https address)', async () => {
    const unsigned = await startPortal(factory, {
      credentialIssuer: credentialIssuerOf({ publicPortalUrl: 'http://localhost:8082', storeKind: 'embedded' }),
    });
    try {
      for (const path of ['/.well-known/did.json', '/.well-known/jwks.json', '/j/anyone/credential.jwt'])
        expect((await described(unsigned.app, path)).status).toBe(404);
    } finally {
      await unsigned.close();
    }
  });

  it('describes the answers of a portal that cannot reach its database: 503, Retry-After', async () => {
    // Nothing listens on port 1: every operation fails server selection quickly.
    const store = MongoStore.open('mongodb://127.0.0.1:1/byline_outage?serverSelectionTimeoutMS=300&connectTimeoutMS=300');
    try {
      const app = createApp({
        store,
        logger: quietLogger(),
        credentialIssuer: credentialIssuerOf({
          publicPortalUrl: PUBLIC_PORTAL,
          storeKind: 'mongodb',
          signingKey: generateKeyPairSync('ed25519').privateKey,
        }),
      });
      for (const path of ['/.well-known/did.json', '/j/anyone/credential.jwt', '/credentials/status/1']) {
        const res = await described(app, path);
        expect([path, res.status, res.headers['retry-after']]).toEqual([path, 503, '5']);
      }
    } finally {
      await store.close();
    }
  });

  it('refuses an answer the document does not describe', async () => {
    const { person } = await approvedJournalist(portal);
    const conformance = new OpenApiConformance(await documentOf(portal.app), PORTAL_HEADERS);
    const pending = await request(portal.app).get(`/j/${person.slug}/credential.jwt`).expect(503);
    const problemsOf = (path: string, res: Response, change: Partial<Response>) =>
      conformance.problemsOf('GET', path, { ...res, ...change } as Response).join('\n');
    const path = `/j/${person.slug}/credential.jwt`;
    expect(problemsOf(path, pending, { status: 418 })).toMatch(/does not list status 418/);
    const { 'retry-after': _retryAfter, ...withoutRetryAfter } = pending.headers as Record<string, string>;
    expect(problemsOf(path, pending, { headers: withoutRetryAfter })).toMatch(/required header retry-after is missing/);
    expect(problemsOf(path, pending, { headers: { ...pending.headers, vary: 'Accept' } })).toMatch(/vary is sent but not listed/);
    expect(problemsOf(path, pending, { text: '{"type":"about:blank"}' })).toMatch(/must have required property/);
    await issue();
    const jwt = await request(portal.app).get(path).expect(200);
    expect(problemsOf(path, jwt, { headers: { ...jwt.headers, 'cache-control': 'no-cache' } })).toMatch(/header cache-control/);
    expect(problemsOf(path, jwt, { text: 'not a JWS' })).toMatch(/must match pattern/);
  });
});

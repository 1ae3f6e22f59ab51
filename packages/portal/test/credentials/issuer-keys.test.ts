/**
 * Byline's issuer identity on each store: did:web of the portal's public address, its keys in did.json and
 * jwks.json, checked with `jose` (an independent JOSE implementation) against what the portal serves.
 */
import { generateKeyPairSync } from 'node:crypto';
import request from 'supertest';
import { compactVerify, createLocalJWKSet, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import { credentialIssuerOf, issuerSigningKey, type CredentialIssuer } from '@byline/domain/credentials/credential-issuer';
import { OperatorKeyError } from '@byline/domain/credentials/credential-keys';
import { securedAsJwt } from '@byline/domain/credentials/secure-credential';
import { everythingStored, portalForEachTest, portalStoreFactories, startPortal, type Portal } from '../support/portal-harness';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const PUBLIC_PORTAL = 'https://byline.example:8443';

interface DidDocument {
  id: string;
  verificationMethod: { id: string; type: string; controller: string; publicKeyJwk: JWK }[];
  assertionMethod: string[];
}

const didDocumentOf = async (portal: Portal) => {
  const res = await request(portal.app).get('/.well-known/did.json');
  expect(res.status).toBe(200);
  return JSON.parse(res.text) as DidDocument;
};

/** Verifies a JWS as a relying party does: the key its kid names, taken from the served did document. */
async function verifiedByDidDocument(portal: Portal, jws: string) {
  const { kid } = decodeProtectedHeader(jws);
  const method = (await didDocumentOf(portal)).verificationMethod.find((m) => m.id === kid);
  if (!method) throw new Error(`no verification method ${kid}`);
  const { payload } = await compactVerify(jws, await importJWK(method.publicKeyJwk, 'EdDSA'));
  return JSON.parse(new TextDecoder().decode(payload)) as unknown;
}

describe.each(portalStoreFactories())('issuer keys ($name store)', (factory) => {
  const embedded = factory.name === 'embedded';
  const operatorKey = generateKeyPairSync('ed25519').privateKey;
  // The embedded store keeps a key of its own; MongoDB (several replicas) signs only with the operator's.
  const issuer: CredentialIssuer = credentialIssuerOf({
    publicPortalUrl: PUBLIC_PORTAL,
    storeKind: embedded ? 'embedded' : 'mongodb',
    signingKey: embedded ? undefined : operatorKey,
  });
  const did = (issuer.identity as { did: string }).did;
  const portal = portalForEachTest(factory, { credentialIssuer: issuer });
  const keys = () => portal.repositories.credentialKeys;
  const signingKey = () => keys().signingKey(issuer.keySource, portal.clock.now);

  it('serves did:web of the public address with the signing key, which verifies what it signs', async () => {
    const key = await signingKey();
    const document = await didDocumentOf(portal);

    expect(document.id).toBe('did:web:byline.example%3A8443');
    expect(document.verificationMethod).toEqual([
      {
        id: `did:web:byline.example%3A8443#key-${key!.number}`,
        type: 'JsonWebKey',
        controller: 'did:web:byline.example%3A8443',
        publicKeyJwk: { kty: 'OKP', crv: 'Ed25519', x: expect.stringMatching(/^[\w-]{43}$/) },
      },
    ]);
    expect(document.assertionMethod).toEqual([document.verificationMethod[0]!.id]);
    const jws = securedAsJwt({ hello: 'relying party' }, document.id, key!);
    await expect(verifiedByDidDocument(portal, jws)).resolves.toEqual({ hello: 'relying party' });
    // The JWK set names the same key, as jose's own key-set lookup finds it by kid.
    const jwks = await request(portal.app).get('/.well-known/jwks.json');
    expect(jwks.headers['content-type']).toBe('application/jwk-set+json; charset=utf-8');
    await expect(compactVerify(jws, createLocalJWKSet(JSON.parse(jwks.text)))).resolves.toBeDefined();
  });

  it('refuses a tampered payload and a kid that names no published key', async () => {
    const key = await signingKey();
    const jws = securedAsJwt({ name: 'Ana' }, did, key!);
    const [header, , signature] = jws.split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ name: 'Eve' })).toString('base64url')}.${signature}`;
    await expect(verifiedByDidDocument(portal, tampered)).rejects.toThrow(/signature verification failed/);
    const elsewhere = securedAsJwt({ name: 'Ana' }, did, { number: key!.number + 7, key: key!.key });
    await expect(verifiedByDidDocument(portal, elsewhere)).rejects.toThrow(/no verification method/);
  });

  it('publishes public parts only, from any origin, cached briefly, and never stores the operator’s private key', async () => {
    await signingKey();
    for (const path of ['/.well-known/did.json', '/.well-known/jwks.json']) {
      const res = await request(portal.app).get(path);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.text).not.toMatch(/"d"|private/i);
      const again = await request(portal.app).get(path).set('If-None-Match', res.headers.etag!);
      expect(again.status).toBe(304);
    }
    const operators = credentialIssuerOf({ publicPortalUrl: PUBLIC_PORTAL, storeKind: factory.name, signingKey: operatorKey });
    expect(await keys().signingKey(operators.keySource, portal.clock.now)).toEqual({
      number: expect.any(Number),
      key: operatorKey,
    });
    const secret = operatorKey.export({ format: 'jwk' }).d!;
    expect((await everythingStored(portal.store)).includes(secret)).toBe(false);
  });

  it('makes one key when several processes start at once', async () => {
    const started = await Promise.all([signingKey(), signingKey(), signingKey()]);
    expect(new Set(started.map((key) => key!.number)).size).toBe(1);
    expect((await didDocumentOf(portal)).verificationMethod).toHaveLength(1);
  });

  it('adds a changed operator key after the previous one, which stays published while it signs and until what it signed expired', async () => {
    const first = credentialIssuerOf({ publicPortalUrl: PUBLIC_PORTAL, storeKind: factory.name, signingKey: operatorKey });
    const next = generateKeyPairSync('ed25519').privateKey;
    const second = credentialIssuerOf({ publicPortalUrl: PUBLIC_PORTAL, storeKind: factory.name, signingKey: next });
    const old = await keys().signingKey(first.keySource, portal.clock.now);
    const signedBefore = securedAsJwt({ n: 1 }, did, old!);
    const current = await keys().signingKey(second.keySource, portal.clock.now);
    expect(current!.number).toBeGreaterThan(old!.number);
    // During a roll-out, replicas configured with either key start in turn: each key is stored once, and keeps its number.
    for (const source of [first, second, first, second]) await keys().signingKey(source.keySource, portal.clock.now);
    expect((await didDocumentOf(portal)).verificationMethod.map((m) => m.id)).toEqual([
      `${did}#key-${old!.number}`,
      `${did}#key-${current!.number}`,
    ]);
    await expect(verifiedByDidDocument(portal, signedBefore)).resolves.toEqual({ n: 1 });
    await expect(keys().rotate(second.keySource, portal.clock.now)).rejects.toThrow(OperatorKeyError);

    // The old key was last used at the start; the new one signs on (each signer marks its key used as it signs).
    const lastUse = portal.clock.now.getTime();
    const at = async (ms: number) => {
      portal.clock.now = new Date(lastUse + ms);
      await keys().signingKey(second.keySource, portal.clock.now);
    };
    await at(issuer.validityMs + 59 * MINUTE);
    await expect(verifiedByDidDocument(portal, signedBefore)).resolves.toEqual({ n: 1 });
    await at(issuer.validityMs + 61 * MINUTE);
    await expect(verifiedByDidDocument(portal, signedBefore)).rejects.toThrow(/no verification method/);
    expect((await didDocumentOf(portal)).verificationMethod.map((m) => m.id)).toEqual([`${did}#key-${current!.number}`]);
  });

  it('never shortens a key’s publication when the validity is shortened later', async () => {
    const yearLong = { ...issuer.keySource, validityMs: 365 * DAY };
    const key = await keys().signingKey(yearLong, portal.clock.now);
    const signed = securedAsJwt({ n: 1 }, did, key!);
    await keys().signingKey({ ...issuer.keySource, validityMs: 7 * DAY }, portal.clock.now);

    portal.clock.now = new Date(portal.clock.now.getTime() + 300 * DAY);
    await expect(verifiedByDidDocument(portal, signed)).resolves.toEqual({ n: 1 });
  });

  it('serves each document at its exact address only', async () => {
    await signingKey();
    for (const path of ['/.well-known/DID.JSON', '/.well-known/did.json/', '/.well-known/jwks.json/']) {
      expect((await request(portal.app).get(path)).status).toBe(404);
    }
  });

  if (embedded) {
    it('rotates a generated key: the new one signs, the old one keeps verifying until its credentials expired', async () => {
      const old = await signingKey();
      const signedBefore = securedAsJwt({ n: 1 }, did, old!);
      const rotated = await keys().rotate(issuer.keySource, portal.clock.now);

      expect(await signingKey()).toEqual({ number: rotated.number, key: expect.anything() });
      expect(rotated.number).toBeGreaterThan(old!.number);
      await expect(verifiedByDidDocument(portal, signedBefore)).resolves.toEqual({ n: 1 });
      await expect(verifiedByDidDocument(portal, securedAsJwt({ n: 2 }, did, rotated))).resolves.toEqual({ n: 2 });
      // The new key signs on (its signer marks it used as it signs); the old one was last used before the rotation.
      portal.clock.now = new Date(portal.clock.now.getTime() + issuer.validityMs + 59 * MINUTE);
      await signingKey();
      await expect(verifiedByDidDocument(portal, signedBefore)).resolves.toEqual({ n: 1 });
      portal.clock.now = new Date(portal.clock.now.getTime() + 2 * MINUTE);
      await signingKey();
      await expect(verifiedByDidDocument(portal, signedBefore)).rejects.toThrow(/no verification method/);
    });
  } else {
    it('signs nothing and publishes nothing without the operator’s key', async () => {
      const unkeyed = credentialIssuerOf({ publicPortalUrl: PUBLIC_PORTAL, storeKind: 'mongodb' });
      await expect(keys().signingKey(unkeyed.keySource, portal.clock.now)).resolves.toBeNull();
      const res = await request(portal.app).get('/.well-known/did.json');
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.detail).toMatch(/CREDENTIAL_SIGNING_KEY/);
    });
  }
});

describe('the issuer’s address', () => {
  const factory = portalStoreFactories()[0]!;

  it('is none for an http address, an IP address or localhost: nothing is published, and the answer says why', async () => {
    for (const publicPortalUrl of ['http://byline.example', 'https://127.0.0.1:8443', 'https://localhost:8082']) {
      const portal = await startPortal(factory, {
        credentialIssuer: credentialIssuerOf({ publicPortalUrl, storeKind: factory.name }),
      });
      try {
        const res = await request(portal.app).get('/.well-known/did.json');
        expect(res.status).toBe(404);
        expect(JSON.parse(res.text).detail).toMatch(/PUBLIC_PORTAL_URL is not an https address with a domain name/);
      } finally {
        await portal.close();
      }
    }
  });

  it('under a path, serves did.json where did:web resolves it: PATH/did.json', async () => {
    const issuer = credentialIssuerOf({ publicPortalUrl: 'https://news.example/trust/byline', storeKind: factory.name });
    const portal = await startPortal(factory, { credentialIssuer: issuer });
    try {
      await issuerSigningKey(portal.repositories.credentialKeys, issuer, portal.clock.now);
      const res = await request(portal.app).get('/trust/byline/did.json');
      expect(res.status).toBe(200);
      expect(JSON.parse(res.text).id).toBe('did:web:news.example:trust:byline');
      expect((await request(portal.app).get('/.well-known/did.json')).status).toBe(404);
    } finally {
      await portal.close();
    }
  });
});

/**
 * verifyCredential on credentials the service's own pure functions build and sign (JWT and COSE), with their did
 * document and status list given (offline) or served by a real local HTTP server (online, through an injected fetch
 * that sends the issuer's https addresses to it).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CompactSign } from 'jose';
import {
  verifyCredential,
  type DidDocument,
  type JournalistCredential,
  type VerifiedCredentialResult,
  type VerifyCredentialOptions,
} from '@byline/client';
import { didDocumentOf, issuerIdentityOf } from '@byline/domain/credentials/issuer';
import { journalistCredentialOf, type CredentialInput } from '@byline/domain/credentials/journalist-credential';
import { securedAsJwt } from '@byline/domain/credentials/secure-credential';
import { securedAsCose } from '@byline/domain/credentials/secure-credential-cose';
import { generateSigningKey, publicJwkOf } from '@byline/domain/credentials/signing-key';
import {
  emptyStatusList,
  encodedList,
  statusListCredentialOf,
  statusListEntryOf,
  withBitSet,
} from '@byline/domain/credentials/status-list';
import type { SigningKey } from '@byline/domain/credentials/credential-keys';
import { ANA_LIMA, ANA_LIMA_IDENTITIES, TEST_ISSUER, TEST_STATUS_LIST_URL } from '@byline/test-support';
import { didWebAddressOf } from '../src/credentials/did-web';

const DAY = 24 * 60 * 60 * 1000;
const ISSUER = TEST_ISSUER;
const LIST_URL = TEST_STATUS_LIST_URL;
const INDEX = 4242;
const ISSUED = new Date('2026-11-29T09:30:15Z');
const NOW = new Date('2026-12-01T00:00:00Z');

const INPUT: CredentialInput = {
  issuer: ISSUER,
  subject: ANA_LIMA,
  identities: ANA_LIMA_IDENTITIES.slice(0, 1),
  validFrom: ISSUED,
  validityMs: 30 * DAY,
};

const key1: SigningKey = { number: 1, key: generateSigningKey() };
const key2: SigningKey = { number: 2, key: generateSigningKey() };
/** Published: keys 1 and 2. Key 3 never is; `impostor` is another key claiming to be key 1. */
const key3: SigningKey = { number: 3, key: generateSigningKey() };
const impostor: SigningKey = { number: 1, key: generateSigningKey() };
const didDocument: DidDocument = didDocumentOf(ISSUER.id, [
  { number: 1, publicJwk: publicJwkOf(key1.key) },
  { number: 2, publicJwk: publicJwkOf(key2.key) },
]);

// The service's credential, status entry included, is what the client's type describes.
const credential: JournalistCredential = {
  ...journalistCredentialOf(INPUT),
  credentialStatus: statusListEntryOf(LIST_URL, INDEX),
};
const jwt = securedAsJwt(credential, ISSUER.id, key1);
const cose = securedAsCose(credential, ISSUER.id, key1);

interface ListOptions {
  bits?: Uint8Array;
  signedWith?: SigningKey;
  validUntil?: Date;
  listUrl?: string;
}
const listCredential = ({ bits = emptyStatusList(), validUntil, listUrl = LIST_URL }: ListOptions) =>
  statusListCredentialOf({ issuer: ISSUER, listUrl, encodedList: encodedList(bits), validFrom: ISSUED, validUntil });
const listJwt = (options: ListOptions = {}) => securedAsJwt(listCredential(options), ISSUER.id, options.signedWith ?? key2);
const listCose = (options: ListOptions = {}) => securedAsCose(listCredential(options), ISSUER.id, options.signedWith ?? key2);

const offline = (extra: Partial<VerifyCredentialOptions> = {}): VerifyCredentialOptions => ({
  didDocument,
  statusList: listJwt(),
  now: NOW,
  // Offline means offline: any fetch fails the test.
  fetch: () => Promise.reject(new Error('offline verification fetched something')),
  ...extra,
});

const failed = (check: string, reason: RegExp) => ({ ok: false, check, reason: expect.stringMatching(reason) });

describe('verifyCredential, offline (did document and status list given)', () => {
  test('verifies a JWT: the credential, the key that signed it, how it was secured, and its status', async () => {
    const result: VerifiedCredentialResult = await verifyCredential(jwt, offline());
    expect(result).toEqual({
      ok: true,
      credential,
      keyId: 'did:web:byline.example#key-1',
      securedAs: 'jwt',
      status: 'not-revoked',
    });
    if (result.ok) expect(result.credential.credentialSubject.verifiedIdentities[0]!.method).toBe('cawg.federated_login');
  });

  test('verifies COSE, with the status list as COSE too', async () => {
    const result = await verifyCredential(cose, offline({ statusList: listCose() }));
    expect(result).toEqual({
      ok: true,
      credential,
      keyId: 'did:web:byline.example#key-1',
      securedAs: 'cose',
      status: 'not-revoked',
    });
    expect(await verifyCredential(Buffer.from(cose), offline())).toMatchObject({ ok: true, securedAs: 'cose' });
  });

  test('reads a JWT from its bytes (a file) and around white space', async () => {
    expect(await verifyCredential(Buffer.from(`${jwt}\n`), offline())).toMatchObject({ ok: true, securedAs: 'jwt' });
    expect(await verifyCredential(`  ${jwt}\n`, offline())).toMatchObject({ ok: true });
  });

  test('skips the status check for a credential without credentialStatus, and says so', async () => {
    const { credentialStatus: _none, ...withoutStatus } = credential;
    const result = await verifyCredential(securedAsJwt(withoutStatus, ISSUER.id, key1), offline({ statusList: undefined }));
    expect(result).toMatchObject({ ok: true, status: 'none' });
  });

  describe('format', () => {
    test.each([
      ['text that is no credential', 'hello', /neither a compact JWT/],
      ['a JWT whose parts are not base64url JSON', 'a.b.c', /not base64url JSON/],
      ['bytes that are neither', new Uint8Array([0xd2, 0x01]), /COSE/],
      ['CBOR that is not COSE_Sign1', new Uint8Array([0xd2, 0x01, 0x02]), /COSE/],
    ])('%s', async (_what, input, reason) => {
      expect(await verifyCredential(input, offline())).toEqual(failed('format', reason));
    });

    test('a JWS typed as a plain JWT, or another algorithm', async () => {
      const payload = new TextEncoder().encode(JSON.stringify(credential));
      const plain = await new CompactSign(payload)
        .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid: 'did:web:byline.example#key-1' })
        .sign(key1.key);
      expect(await verifyCredential(plain, offline())).toEqual(failed('format', /typ\) is JWT, not vc\+jwt/));
      const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'vc+jwt', kid: 'x#1' })).toString('base64url');
      expect(await verifyCredential(`${header}.${jwt.split('.')[1]}.c2ln`, offline())).toEqual(
        failed('format', /HS256, not EdDSA/),
      );
    });

    test('a signed payload that is not a VC 2.0 journalist credential', async () => {
      const notVc = securedAsJwt({ ...credential, '@context': ['https://www.w3.org/2018/credentials/v1'] }, ISSUER.id, key1);
      expect(await verifyCredential(notVc, offline())).toEqual(failed('format', /not a VC 2.0 credential/));
      const listAsCredential = listJwt({ signedWith: key1 });
      expect(await verifyCredential(listAsCredential, offline())).toEqual(
        failed('format', /not a VerifiableCredential of type IdentityClaimsAggregationCredential/),
      );
    });
  });

  describe('key', () => {
    test('a key the did document does not list', async () => {
      expect(await verifyCredential(securedAsJwt(credential, ISSUER.id, key3), offline())).toEqual(
        failed('key', /did:web:byline\.example#key-3, which the issuer's did document does not list/),
      );
      expect(await verifyCredential(securedAsCose(credential, ISSUER.id, key3), offline())).toEqual(failed('key', /key-3/));
    });

    test("a key of another DID than the credential's issuer", async () => {
      const foreign = securedAsJwt(credential, 'did:web:elsewhere.example', key1);
      expect(await verifyCredential(foreign, offline())).toEqual(
        failed('key', /did:web:elsewhere\.example#key-1, which is not a key of its issuer did:web:byline\.example/),
      );
    });

    test("a did document that is another DID's", async () => {
      const other = { ...didDocument, id: 'did:web:elsewhere.example' };
      expect(await verifyCredential(jwt, offline({ didDocument: other }))).toEqual(
        failed('key', /did document is did:web:elsewhere\.example's/),
      );
    });

    test('a listed key that may not assert credentials', async () => {
      const notAsserting = { ...didDocument, assertionMethod: ['did:web:byline.example#key-2'] };
      expect(await verifyCredential(jwt, offline({ didDocument: notAsserting }))).toEqual(failed('key', /assertionMethod/));
    });
  });

  describe('signature', () => {
    test('a JWT whose payload was changed after signing', async () => {
      const [header, , signature] = jwt.split('.');
      const changed = { ...credential, credentialSubject: { ...credential.credentialSubject, name: 'Someone Else' } };
      const tampered = `${header}.${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${signature}`;
      expect(await verifyCredential(tampered, offline())).toEqual(failed('signature', /changed after signing/));
    });

    test('COSE whose payload was changed after signing', async () => {
      const bytes = Buffer.from(cose);
      const at = bytes.indexOf('Ana Lima');
      expect(at).toBeGreaterThan(0);
      bytes.write('Ana Lama', at);
      expect(await verifyCredential(bytes, offline())).toEqual(failed('signature', /changed after signing/));
    });

    test('signed by another key under a listed key’s name', async () => {
      expect(await verifyCredential(securedAsJwt(credential, ISSUER.id, impostor), offline())).toEqual(
        failed('signature', /another key/),
      );
      expect(await verifyCredential(securedAsCose(credential, ISSUER.id, impostor), offline())).toEqual(
        failed('signature', /another key/),
      );
    });
  });

  describe('validity', () => {
    test('expired', async () => {
      expect(await verifyCredential(jwt, offline({ now: new Date('2027-01-01T00:00:00Z') }))).toEqual(
        failed('validity', /the credential expired at 2026-12-29T09:30:15Z/),
      );
    });

    test('not valid yet', async () => {
      expect(await verifyCredential(cose, offline({ now: new Date('2026-11-29T09:30:14Z') }))).toEqual(
        failed('validity', /not valid yet: it is valid from 2026-11-29T09:30:15Z/),
      );
    });

    test('valid from its first second to its last', async () => {
      expect(await verifyCredential(jwt, offline({ now: ISSUED }))).toMatchObject({ ok: true });
      expect(await verifyCredential(jwt, offline({ now: new Date('2026-12-29T09:30:15Z') }))).toMatchObject({ ok: true });
    });
  });

  describe('status', () => {
    test("revoked: the credential's bit is set", async () => {
      const statusList = listJwt({ bits: withBitSet(emptyStatusList(), INDEX) });
      expect(await verifyCredential(jwt, offline({ statusList }))).toEqual(
        failed('status', new RegExp(`revoked: bit ${INDEX} of the status list ${LIST_URL} is set`)),
      );
      expect(
        await verifyCredential(cose, offline({ statusList: listCose({ bits: withBitSet(emptyStatusList(), INDEX) }) })),
      ).toEqual(failed('status', /revoked/));
    });

    test("another credential's bit set, this one's not: valid", async () => {
      const statusList = listJwt({ bits: withBitSet(withBitSet(emptyStatusList(), INDEX - 1), INDEX + 1) });
      expect(await verifyCredential(jwt, offline({ statusList }))).toMatchObject({ ok: true, status: 'not-revoked' });
    });

    test('a list signed with a key the did document does not list', async () => {
      expect(await verifyCredential(jwt, offline({ statusList: listJwt({ signedWith: key3 }) }))).toEqual(
        failed(
          'status',
          /status list .* cannot be trusted: it is signed with did:web:byline\.example#key-3, which the issuer's did document does not list/,
        ),
      );
    });

    test('a list whose signature is not its key’s', async () => {
      expect(await verifyCredential(jwt, offline({ statusList: listCose({ signedWith: impostor }) }))).toEqual(
        failed('status', /cannot be trusted: the signature is not its key’s/),
      );
    });

    test('an expired list', async () => {
      const statusList = listJwt({ validUntil: new Date('2026-11-30T00:00:00Z') });
      expect(await verifyCredential(jwt, offline({ statusList }))).toEqual(
        failed('status', /cannot be trusted: it expired at 2026-11-30T00:00:00Z/),
      );
    });

    test('another list than the one the credential names', async () => {
      const statusList = listJwt({ listUrl: 'https://byline.example/credentials/status/2' });
      expect(await verifyCredential(jwt, offline({ statusList }))).toEqual(failed('status', /the list given is .*status\/2/));
    });

    test('garbage where the list should be', async () => {
      expect(await verifyCredential(jwt, offline({ statusList: 'not a list' }))).toEqual(failed('status', /cannot be trusted/));
    });
  });
});

describe('did:web addresses', () => {
  test.each([
    ['did:web:byline.example', 'https://byline.example/.well-known/did.json'],
    ['did:web:news.example%3A8443', 'https://news.example:8443/.well-known/did.json'],
    ['did:web:news.example%3A8443:trust:desk', 'https://news.example:8443/trust/desk/did.json'],
    ['did:key:z6Mk', null],
    ['did:web:', null],
    ['did:web:evil.example%2Fpath', null],
  ])('%s → %s', (did, address) => expect(didWebAddressOf(did)).toBe(address));

  test("match where the service serves its document (issuerIdentityOf's didPath)", () => {
    for (const portal of ['https://byline.example', 'https://news.example:8443/trust/desk/']) {
      const identity = issuerIdentityOf(portal);
      if (identity.did === null) throw new Error(identity.why);
      expect(didWebAddressOf(identity.did)).toBe(new URL(identity.didPath, portal).href);
    }
  });
});

describe('verifyCredential, online (did document and status list fetched)', () => {
  let server: http.Server;
  let origin: string;
  const asked: { path: string; accept: string | undefined }[] = [];
  let listBits = emptyStatusList();
  let didStatus = 200;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      asked.push({ path: req.url!, accept: req.headers.accept });
      if (req.url === '/.well-known/did.json') {
        res.writeHead(didStatus, { 'content-type': 'application/did+json' }).end(JSON.stringify(didDocument));
      } else if (req.url === '/credentials/status/1') {
        const asCose = req.headers.accept === 'application/vc+cose';
        res
          .writeHead(200, { 'content-type': asCose ? 'application/vc+cose' : 'application/vc+jwt' })
          .end(asCose ? Buffer.from(listCose({ bits: listBits })) : listJwt({ bits: listBits }));
      } else if (req.url === '/slow/did.json') {
        // Never answers: the timeout must end the wait.
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    asked.length = 0;
    listBits = emptyStatusList();
    didStatus = 200;
  });

  /** The issuer's https addresses, sent to the local server. */
  const toLocal: typeof fetch = (input, init) => {
    const url = new URL(String(input));
    if (url.origin !== 'https://byline.example') return Promise.reject(new Error(`unexpected fetch of ${url.href}`));
    return fetch(`${origin}${url.pathname}`, init);
  };

  test('fetches the did document and the status list, asking for the list secured as the credential is', async () => {
    expect(await verifyCredential(jwt, { fetch: toLocal, now: NOW })).toMatchObject({
      ok: true,
      securedAs: 'jwt',
      status: 'not-revoked',
    });
    expect(await verifyCredential(cose, { fetch: toLocal, now: NOW })).toMatchObject({
      ok: true,
      securedAs: 'cose',
      status: 'not-revoked',
    });
    expect(asked).toEqual([
      { path: '/.well-known/did.json', accept: 'application/did+json, application/json' },
      { path: '/credentials/status/1', accept: 'application/vc+jwt' },
      { path: '/.well-known/did.json', accept: 'application/did+json, application/json' },
      { path: '/credentials/status/1', accept: 'application/vc+cose' },
    ]);
  });

  test('finds the revocation in the list served', async () => {
    listBits = withBitSet(emptyStatusList(), INDEX);
    expect(await verifyCredential(cose, { fetch: toLocal, now: NOW })).toEqual(failed('status', /revoked/));
  });

  test('uses a did document given, and fetches only the list', async () => {
    expect(await verifyCredential(jwt, { fetch: toLocal, now: NOW, didDocument })).toMatchObject({ ok: true });
    expect(asked.map(({ path }) => path)).toEqual(['/credentials/status/1']);
  });

  test('a did document that cannot be fetched fails the fetch, naming the address and the answer', async () => {
    didStatus = 404;
    expect(await verifyCredential(jwt, { fetch: toLocal, now: NOW })).toEqual(
      failed('fetch', /^https:\/\/byline\.example\/\.well-known\/did\.json answered 404$/),
    );
  });

  test('a document that never comes fails the fetch within the timeout', async () => {
    const slow: typeof fetch = (input, init) => fetch(`${origin}/slow/did.json`, init);
    const started = Date.now();
    expect(await verifyCredential(jwt, { fetch: slow, now: NOW, timeoutMs: 300 })).toEqual(
      failed('fetch', /did not answer within 300 ms/),
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  test('a server that is not there fails the fetch', async () => {
    const nowhere: typeof fetch = (input, init) => fetch('http://127.0.0.1:1/did.json', init);
    expect(await verifyCredential(jwt, { fetch: nowhere, now: NOW })).toEqual(failed('fetch', /could not be fetched/));
  });
});

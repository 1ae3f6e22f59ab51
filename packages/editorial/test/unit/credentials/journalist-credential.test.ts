import { generateKeyPairSync } from 'node:crypto';
import { compactVerify, decodeProtectedHeader, exportJWK, importJWK } from 'jose';
import { journalistCredentialOf, type CredentialInput } from '@byline/domain/credentials/journalist-credential';
import { securedAsJwt } from '@byline/domain/credentials/secure-credential';
import { issuerIdentityOf } from '@byline/domain/credentials/issuer';
import { ANA_LIMA, ANA_LIMA_IDENTITIES, TEST_ISSUER } from '@byline/test-support';

const DAY = 24 * 60 * 60 * 1000;

const INPUT: CredentialInput = {
  issuer: TEST_ISSUER,
  subject: ANA_LIMA,
  identities: ANA_LIMA_IDENTITIES,
  validFrom: new Date('2026-11-29T09:30:15.678Z'),
  validityMs: 30 * DAY,
};

describe('a journalist’s credential (VC 2.0, CAWG identity claims aggregation)', () => {
  it('carries the approved name, the public page and one verified identity per live proof, CAWG methods as CAWG spells them', () => {
    expect(journalistCredentialOf(INPUT)).toEqual({
      '@context': ['https://www.w3.org/ns/credentials/v2', 'https://cawg.io/identity/1.1/ica/context/'],
      type: ['VerifiableCredential', 'IdentityClaimsAggregationCredential'],
      issuer: { id: 'did:web:byline.example', name: 'Byline' },
      validFrom: '2026-11-29T09:30:15Z',
      validUntil: '2026-12-29T09:30:15Z',
      credentialSubject: {
        id: 'https://byline.example/j/ana-lima',
        name: 'Ana Lima',
        verifiedIdentities: [
          { ...INPUT.identities[0], method: 'cawg.federated_login' },
          { ...INPUT.identities[1], method: 'cawg.uri_meta_tag_verification' },
          INPUT.identities[2],
        ],
      },
    });
  });

  it('is the same bytes for the same inputs', () => {
    expect(JSON.stringify(journalistCredentialOf(INPUT))).toBe(JSON.stringify(journalistCredentialOf({ ...INPUT })));
  });

  it('is secured as a vc+jwt that an independent JOSE library verifies with the issuer’s public key', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const credential = journalistCredentialOf(INPUT);
    const jws = securedAsJwt(credential, INPUT.issuer.id, { number: 3, key: privateKey });

    expect(decodeProtectedHeader(jws)).toEqual({ alg: 'EdDSA', kid: 'did:web:byline.example#key-3', typ: 'vc+jwt', cty: 'vc' });
    const { payload } = await compactVerify(jws, await importJWK(await exportJWK(publicKey), 'EdDSA'));
    expect(JSON.parse(new TextDecoder().decode(payload))).toEqual(credential);
  });
});

describe('did:web of the portal’s public address', () => {
  it.each([
    ['https://byline.example', 'did:web:byline.example', '/.well-known/did.json'],
    ['https://Byline.Example/', 'did:web:byline.example', '/.well-known/did.json'],
    ['https://byline.example:8443', 'did:web:byline.example%3A8443', '/.well-known/did.json'],
    ['https://news.example/verify/byline', 'did:web:news.example:verify:byline', '/verify/byline/did.json'],
    ['https://news.example/my%20portal/', 'did:web:news.example:my%20portal', '/my%20portal/did.json'],
  ])('%s is %s, its document at %s', (url, did, didPath) => {
    expect(issuerIdentityOf(url)).toEqual({ did, didPath });
  });

  it.each(['http://byline.example', 'https://127.0.0.1', 'https://[::1]:8443', 'https://localhost:8082', 'https://a.localhost'])(
    '%s names no issuer',
    (url) => {
      expect(issuerIdentityOf(url)).toEqual({ did: null, why: expect.stringMatching(/https address with a domain name/) });
    },
  );
});

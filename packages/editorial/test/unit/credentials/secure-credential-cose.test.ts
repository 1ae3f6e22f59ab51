import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { coseVerify } from 'cose-kit';
import { publicJwkOf } from '@byline/domain/credentials/signing-key';
import { securedAsCose, VC_COSE_MEDIA_TYPE } from '@byline/domain/credentials/secure-credential-cose';

const DID = 'did:web:byline.example';
const CREDENTIAL = {
  '@context': ['https://www.w3.org/ns/credentials/v2', 'https://cawg.io/identity/1.1/ica/context/'],
  type: ['VerifiableCredential', 'IdentityClaimsAggregationCredential'],
  issuer: { id: DID, name: 'Byline' },
  validFrom: '2026-11-29T09:30:15Z',
  validUntil: '2026-12-29T09:30:15Z',
  credentialSubject: { id: 'https://byline.example/j/ana-lima', name: 'Ana Lima', verifiedIdentities: [] },
};

const { privateKey } = generateKeyPairSync('ed25519');
const signingKey = { number: 3, key: privateKey };
/** The verifier has the public key as did.json and jwks.json publish it. */
const publicKey = () => createPublicKey({ key: publicJwkOf(privateKey) as { kty: string }, format: 'jwk' });

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('a credential secured with COSE (application/vc+cose)', () => {
  it('is a COSE_Sign1 that an independent COSE library verifies with the issuer’s public key, its payload the credential', async () => {
    const { isValid, decoded } = await coseVerify(securedAsCose(CREDENTIAL, DID, signingKey), publicKey());

    expect(isValid).toBe(true);
    expect(JSON.parse(text(decoded.payload))).toEqual(CREDENTIAL);
  });

  it('names the algorithm, the verification method, the envelope’s and the content’s types in its protected header', async () => {
    const { decoded } = await coseVerify(securedAsCose(CREDENTIAL, DID, signingKey), publicKey());

    expect(decoded.algName).toBe('EdDSA');
    expect(text(decoded.kid!)).toBe('did:web:byline.example#key-3');
    expect([...decoded.protectedHeaders.keys()]).toEqual([1, 3, 4, 16]);
    expect(decoded.protectedHeaders.get(1)).toBe(-8);
    expect(decoded.protectedHeaders.get(3)).toBe('application/vc');
    expect(decoded.protectedHeaders.get(16)).toBe(VC_COSE_MEDIA_TYPE);
    expect(decoded.unprotectedHeaders.size).toBe(0);
  });

  it('is tagged 18 and encodes its protected header deterministically (shortest forms, labels in order)', () => {
    const secured = securedAsCose(CREDENTIAL, DID, signingKey);
    const kid = Buffer.from('did:web:byline.example#key-3');
    const expectedHeader = Buffer.concat([
      Buffer.from([0xa4, 0x01, 0x27, 0x03, 0x6e]),
      Buffer.from('application/vc'),
      Buffer.from([0x04, 0x58, kid.length]),
      kid,
      Buffer.from([0x10, 0x73]),
      Buffer.from('application/vc+cose'),
    ]);

    // tag 18, an array of 4, the protected header as a bstr of one-byte length, then the empty unprotected map
    const start = Buffer.from([0xd2, 0x84, 0x58, expectedHeader.length]);
    const end = start.length + expectedHeader.length;
    expect(Buffer.from(secured.subarray(0, end + 1))).toEqual(Buffer.concat([start, expectedHeader, Buffer.from([0xa0])]));
  });

  it('does not verify once its payload is changed', async () => {
    const secured = Buffer.from(securedAsCose(CREDENTIAL, DID, signingKey));
    const at = secured.indexOf('Ana Lima');
    secured.write('Eve Lima', at);

    const { isValid, decoded } = await coseVerify(secured, publicKey());
    expect(text(decoded.payload)).toContain('Eve Lima');
    expect(isValid).toBe(false);
  });

  it('does not verify with another key', async () => {
    const other = generateKeyPairSync('ed25519').publicKey;

    const { isValid } = await coseVerify(securedAsCose(CREDENTIAL, DID, signingKey), other);
    expect(isValid).toBe(false);
  });

  it('is the same bytes for the same inputs', () => {
    expect(Buffer.from(securedAsCose(CREDENTIAL, DID, signingKey))).toEqual(
      Buffer.from(securedAsCose({ ...CREDENTIAL }, DID, { ...signingKey })),
    );
  });
});

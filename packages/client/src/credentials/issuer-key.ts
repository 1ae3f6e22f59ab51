import { importJWK, type CryptoKey } from 'jose';
import type { DidDocument } from './credential-types';
import { didOfKeyId } from './did-web';
import { failure, type Failure } from './secured-credential';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A method's id as written (absolute, or `#key-N` relative to the document) made absolute. */
const absolute = (id: string, did: string): string => (id.startsWith('#') ? `${did}${id}` : id);

/** A failure when the key's DID is not the issuer's: only the issuer's own keys may sign for it. */
export function keyOwnerProblem(issuer: string, keyId: string): Failure<'key'> | null {
  return didOfKeyId(keyId) === issuer
    ? null
    : failure('key', `it is signed with ${keyId}, which is not a key of its issuer ${issuer}`);
}

/**
 * The Ed25519 key of verification method `keyId` in the issuer's did document: the method must be the issuer's
 * (its DID is the issuer's and the document's), listed, and allowed to assert credentials (`assertionMethod`).
 */
export async function issuerKeyOf(
  document: DidDocument,
  issuer: string,
  keyId: string,
): Promise<{ ok: true; key: CryptoKey } | Failure<'key'>> {
  const notTheIssuers = keyOwnerProblem(issuer, keyId);
  if (notTheIssuers) return notTheIssuers;
  if (!isObject(document) || typeof document.id !== 'string') return failure('key', 'the did document has no id');
  if (document.id !== issuer) return failure('key', `the did document is ${document.id}'s, not the issuer ${issuer}'s`);
  const methods = Array.isArray(document.verificationMethod) ? document.verificationMethod.filter(isObject) : [];
  const method = methods.find((candidate) => typeof candidate.id === 'string' && absolute(candidate.id, document.id) === keyId);
  if (!method) {
    const listed = methods.map((candidate) => String(candidate.id)).join(', ') || 'none';
    return failure('key', `it is signed with ${keyId}, which the issuer's did document does not list (it lists ${listed})`);
  }
  const asserting = (Array.isArray(document.assertionMethod) ? document.assertionMethod : []).some((entry) => {
    const id = typeof entry === 'string' ? entry : isObject(entry) ? entry.id : undefined;
    return typeof id === 'string' && absolute(id, document.id) === keyId;
  });
  if (!asserting) return failure('key', `${keyId} is not one of the did document's assertionMethod keys`);
  const jwk = method.publicKeyJwk;
  if (!isObject(jwk) || jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string' || 'd' in jwk)
    return failure('key', `${keyId} is not an Ed25519 public key (a JsonWebKey, kty OKP, crv Ed25519)`);
  try {
    const key = await importJWK({ kty: 'OKP', crv: 'Ed25519', x: jwk.x }, 'EdDSA');
    if (key instanceof Uint8Array) return failure('key', `${keyId} is not a public key`);
    return { ok: true, key };
  } catch (error) {
    return failure('key', `${keyId} cannot be read as an Ed25519 key: ${(error as Error).message}`);
  }
}

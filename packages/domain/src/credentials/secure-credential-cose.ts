import { sign } from 'node:crypto';
import { Encoder, Tag } from 'cbor-x';
import { keyIdOf } from './issuer';
import type { SigningKey } from './credential-keys';

/** The media type of a VC secured with COSE (VC-JOSE-COSE): the `typ` of its protected header and its Content-Type. */
export const VC_COSE_MEDIA_TYPE = 'application/vc+cose';
/** What the payload is, as VC-JOSE-COSE names it for the content type header. */
const VC_MEDIA_TYPE = 'application/vc';

/** COSE header labels and values (RFC 9052 §3.1, RFC 9596 for `typ`). */
const ALG = 1;
const CONTENT_TYPE = 3;
const KID = 4;
const TYP = 16;
const EDDSA = -8;
const COSE_SIGN1_TAG = 18;

/**
 * CBOR as RFC 8949's deterministic encoding needs it here: headers are `Map`s with integer labels (not read back as
 * objects, so never tagged 259), byte strings are plain bstr (never tag 64), objects never become cbor-x records. cbor-x writes every length and integer
 * in its shortest form, and the header's labels go in ascending order, which is the sorted order for small integers.
 */
const cbor = new Encoder({ useRecords: false, mapsAsObjects: false, tagUint8Array: false });
const encoded = (value: unknown): Buffer => Buffer.from(cbor.encode(value));

/**
 * A credential secured with COSE as VC-JOSE-COSE says: a tagged COSE_Sign1 whose payload is the credential's JSON,
 * signed EdDSA (Ed25519) over RFC 9052's Sig_structure, the protected header naming the algorithm, the content
 * (`application/vc`), the envelope's type (`application/vc+cose`) and the verification method (`kid`, its id as
 * bytes) of the issuer's did document; nothing unprotected. Synchronous like `securedAsJwt`, so that a credential can
 * be signed inside the write that changes its evidence; the same inputs give the same bytes. Tests verify it with
 * cose-kit, independently.
 */
export function securedAsCose(credential: object, did: string, signingKey: SigningKey): Uint8Array {
  const protectedHeader = encoded(
    new Map<number, unknown>([
      [ALG, EDDSA],
      [CONTENT_TYPE, VC_MEDIA_TYPE],
      [KID, Buffer.from(keyIdOf(did, signingKey.number), 'utf8')],
      [TYP, VC_COSE_MEDIA_TYPE],
    ]),
  );
  const payload = Buffer.from(JSON.stringify(credential), 'utf8');
  const externalAad = Buffer.alloc(0);
  const toBeSigned = encoded(['Signature1', protectedHeader, externalAad, payload]);
  const signature = sign(null, toBeSigned, signingKey.key);
  return new Uint8Array(encoded(new Tag([protectedHeader, new Map(), payload, signature], COSE_SIGN1_TAG)));
}

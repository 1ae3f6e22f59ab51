import { Decoder, Encoder, Tag } from 'cbor-x';
import { base64url, compactVerify, decodeProtectedHeader, errors, type CryptoKey } from 'jose';
import type { SecuredAs } from './credential-types';

/** A check that failed, and why, in words a person can act on. */
export interface Failure<Check extends string = string> {
  ok: false;
  check: Check;
  reason: string;
}

export const failure = <Check extends string>(check: Check, reason: string): Failure<Check> => ({ ok: false, check, reason });

/**
 * A secured credential opened but not yet trusted: its payload parsed, the verification method its header names,
 * and how to check its signature once that method's key is known.
 */
export interface OpenedCredential {
  ok: true;
  securedAs: SecuredAs;
  keyId: string;
  payload: unknown;
  /** Why the signature is not the key's over what was signed, or null when it is. */
  signatureProblem(key: CryptoKey): Promise<string | null>;
}

/** COSE labels and values (RFC 9052 §3.1; RFC 9596 for `typ`), as VC-JOSE-COSE uses them. */
const ALG = 1;
const CONTENT_TYPE = 3;
const KID = 4;
const TYP = 16;
const EDDSA = -8;
const COSE_SIGN1_TAG = 18;
const VC_COSE_TYPE = 'application/vc+cose';
const VC_CONTENT_TYPES = new Set(['application/vc', 'vc']);
const VC_JWT_TYPES = new Set(['vc+jwt', 'application/vc+jwt']);

/** Byte strings come back as bytes and maps as Maps, never as objects: COSE headers have integer labels. */
const decoder = new Decoder({ mapsAsObjects: false, useRecords: false });
/** Sig_structure as RFC 9052 encodes it: plain byte strings (never tag 64), shortest forms. */
const encoder = new Encoder({ useRecords: false, mapsAsObjects: false, tagUint8Array: false });

const NOT_SIGNED = 'the signature is not its key’s over what it holds: it was changed after signing, or signed with another key';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The bytes of a JWT or of COSE, or the text of a JWT. A JWT's bytes are read as its text. */
export function openSecured(input: string | Uint8Array): OpenedCredential | Failure<'format'> {
  if (typeof input === 'string') return openJwt(input.trim());
  if (!(input instanceof Uint8Array)) throw new TypeError('a secured credential is a JWT (a string) or COSE (bytes)');
  // A CBOR tag 18 starts 0xd2; a JWT's text starts with its header's base64url, never that byte.
  if (input[0] === 0xd2) return openCose(input);
  try {
    return openJwt(utf8.decode(input).trim());
  } catch {
    return failure('format', 'it is neither a JWT nor COSE (a tagged COSE_Sign1)');
  }
}

const isBytes = (value: unknown): value is Uint8Array => value instanceof Uint8Array;

function parsedJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(utf8.decode(bytes));
  } catch {
    return undefined;
  }
}

function openJwt(jwt: string): OpenedCredential | Failure<'format'> {
  const parts = jwt.split('.');
  if (parts.length !== 3) return failure('format', 'it is neither a compact JWT (three parts) nor COSE');
  let header: ReturnType<typeof decodeProtectedHeader>;
  let payload: unknown;
  try {
    header = decodeProtectedHeader(jwt);
    payload = parsedJson(base64url.decode(parts[1]!));
  } catch {
    return failure('format', 'its JWT header or payload is not base64url JSON');
  }
  if (header.alg !== 'EdDSA') return failure('format', `its algorithm is ${String(header.alg)}, not EdDSA`);
  if (typeof header.typ !== 'string' || !VC_JWT_TYPES.has(header.typ))
    return failure('format', `its type (typ) is ${String(header.typ)}, not vc+jwt`);
  if (header.cty !== undefined && !(typeof header.cty === 'string' && VC_CONTENT_TYPES.has(header.cty)))
    return failure('format', `its content type (cty) is ${String(header.cty)}, not vc`);
  if (typeof header.kid !== 'string' || !header.kid) return failure('format', 'its header names no key (kid)');
  if (payload === undefined) return failure('format', 'its payload is not JSON');
  return {
    ok: true,
    securedAs: 'jwt',
    keyId: header.kid,
    payload,
    async signatureProblem(key) {
      try {
        await compactVerify(jwt, key, { algorithms: ['EdDSA'] });
        return null;
      } catch (error) {
        if (error instanceof errors.JWSSignatureVerificationFailed) return NOT_SIGNED;
        if (error instanceof errors.JOSEError) return `its JWS cannot be verified: ${error.message}`;
        throw error;
      }
    },
  };
}

function openCose(bytes: Uint8Array): OpenedCredential | Failure<'format'> {
  let sign1: unknown;
  let headers: unknown;
  try {
    sign1 = decoder.decode(bytes);
    const value = sign1 instanceof Tag ? (sign1.value as unknown) : undefined;
    if (Array.isArray(value) && isBytes(value[0])) headers = decoder.decode(value[0]);
  } catch {
    return failure('format', 'its COSE is not CBOR that can be read');
  }
  if (!(sign1 instanceof Tag) || sign1.tag !== COSE_SIGN1_TAG || !Array.isArray(sign1.value) || sign1.value.length !== 4)
    return failure('format', 'it is not a tagged COSE_Sign1 (tag 18, four parts)');
  const [protectedBytes, unprotected, payloadBytes, signature] = sign1.value as unknown[];
  if (!isBytes(protectedBytes) || !(headers instanceof Map) || !(unprotected instanceof Map))
    return failure('format', 'its COSE headers are not maps');
  if (!isBytes(payloadBytes)) return failure('format', 'its COSE payload is missing (detached)');
  if (!isBytes(signature)) return failure('format', 'its COSE signature is not bytes');
  if (headers.get(ALG) !== EDDSA) return failure('format', `its algorithm is ${String(headers.get(ALG))}, not EdDSA (-8)`);
  if (headers.get(TYP) !== VC_COSE_TYPE)
    return failure('format', `its type (typ) is ${String(headers.get(TYP))}, not ${VC_COSE_TYPE}`);
  const contentType = headers.get(CONTENT_TYPE);
  if (contentType !== undefined && !VC_CONTENT_TYPES.has(contentType as string))
    return failure('format', `its content type is ${String(contentType)}, not application/vc`);
  const kid = headers.get(KID);
  let keyId: string;
  try {
    keyId = isBytes(kid) ? utf8.decode(kid) : '';
  } catch {
    keyId = '';
  }
  if (!keyId) return failure('format', 'its protected header names no key (kid)');
  const payload = parsedJson(payloadBytes);
  if (payload === undefined) return failure('format', 'its payload is not JSON');
  // What was signed: RFC 9052's Sig_structure over the protected header's own bytes, no external data.
  const toBeSigned = copied(encoder.encode(['Signature1', protectedBytes, new Uint8Array(0), payloadBytes]));
  return {
    ok: true,
    securedAs: 'cose',
    keyId,
    payload,
    signatureProblem: async (key) =>
      (await crypto.subtle.verify({ name: 'Ed25519' }, key, copied(signature), toBeSigned)) ? null : NOT_SIGNED,
  };
}

/** WebCrypto takes bytes over an ArrayBuffer of their own. */
const copied = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

import { sign } from 'node:crypto';
import { keyIdOf } from './issuer';
import type { SigningKey } from './credential-keys';

/** The media type of a VC secured as a JWS (VC-JOSE-COSE): the `typ` of its header and its HTTP Content-Type. */
export const VC_JWT_MEDIA_TYPE = 'application/vc+jwt';

const base64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');

/**
 * A credential secured with JOSE as VC-JOSE-COSE says: the credential itself is the JWS payload (no `vc` claim),
 * signed EdDSA (Ed25519), the header naming the verification method (`kid`) of the issuer's did document; compact
 * serialisation. Synchronous, so that a credential can be signed inside the write that changes its evidence (one
 * SQLite transaction cannot await): JOSE libraries sign asynchronously, and the compact JWS over Ed25519 is three
 * base64url parts and one node:crypto signature. Tests verify it with jose, independently.
 */
export function securedAsJwt(credential: object, did: string, signingKey: SigningKey): string {
  const header = { alg: 'EdDSA', kid: keyIdOf(did, signingKey.number), typ: 'vc+jwt', cty: 'vc' };
  const signingInput = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(credential))}`;
  return `${signingInput}.${base64url(sign(null, Buffer.from(signingInput), signingKey.key))}`;
}

import { CompactSign } from 'jose';
import { keyIdOf } from './issuer';
import type { SigningKey } from './credential-keys';

/** The media type of a VC secured as a JWS (VC-JOSE-COSE): the `typ` of its header and its HTTP Content-Type. */
export const VC_JWT_MEDIA_TYPE = 'application/vc+jwt';

/**
 * A credential secured with JOSE as VC-JOSE-COSE says: the credential itself is the JWS payload (no `vc` claim),
 * signed EdDSA, the header naming the verification method (`kid`) of the issuer's did document.
 */
export function securedAsJwt(credential: object, did: string, signingKey: SigningKey): Promise<string> {
  return new CompactSign(new TextEncoder().encode(JSON.stringify(credential)))
    .setProtectedHeader({ alg: 'EdDSA', kid: keyIdOf(did, signingKey.number), typ: 'vc+jwt', cty: 'vc' })
    .sign(signingKey.key);
}

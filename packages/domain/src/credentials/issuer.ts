import type { JWK } from 'jose';

import net from 'node:net';

/**
 * Byline as an issuer of credentials: `did:web` of the portal's public address (W3C did:web: the host, its port
 * encoded as `%3A`, then the path's segments joined by `:`), and the documents that publish its keys. did:web is
 * resolved over https from a domain name, so an http address, an IP address or localhost names no issuer.
 */
export type IssuerIdentity = { did: string; didPath: string } | { did: null; why: string };

export function issuerIdentityOf(publicPortalUrl: string): IssuerIdentity {
  const url = new URL(publicPortalUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol !== 'https:' || net.isIP(host) || host === 'localhost' || host.endsWith('.localhost'))
    return { did: null, why: 'PUBLIC_PORTAL_URL is not an https address with a domain name, which did:web needs' };
  const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  return {
    did: ['did:web', encodeURIComponent(url.host), ...segments.map(encodeURIComponent)].join(':'),
    // Where a did:web resolver asks for the document: /.well-known/did.json, or PATH/did.json under a path.
    didPath: segments.length ? `${url.pathname.replace(/\/$/, '')}/did.json` : '/.well-known/did.json',
  };
}

/** A key as the did document and the JWKS list it: its number (kid `key-N`) and its public JWK. */
export interface ListedKey {
  number: number;
  publicJwk: JWK;
}

/** The verification method's id of key N: the `kid` of every credential it signs. */
export const keyIdOf = (did: string, number: number): string => `${did}#key-${number}`;

const publicPart = ({ kty, crv, x }: JWK): JWK => ({ kty, crv, x });

/** `/.well-known/did.json`: each listed key as a JsonWebKey verification method that may assert credentials. */
export function didDocumentOf(did: string, keys: readonly ListedKey[]) {
  const methods = keys.map(({ number, publicJwk }) => ({
    id: keyIdOf(did, number),
    type: 'JsonWebKey',
    controller: did,
    publicKeyJwk: publicPart(publicJwk),
  }));
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/jwk/v1'],
    id: did,
    verificationMethod: methods,
    assertionMethod: methods.map((method) => method.id),
  };
}

/** `/.well-known/jwks.json`: the same keys as a JWK set, each named by its verification method's id. */
export function jwksOf(did: string, keys: readonly ListedKey[]) {
  return {
    keys: keys.map(({ number, publicJwk }) => ({
      ...publicPart(publicJwk),
      kid: keyIdOf(did, number),
      alg: 'EdDSA',
      use: 'sig',
    })),
  };
}

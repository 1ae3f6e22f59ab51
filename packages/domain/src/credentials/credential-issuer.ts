import type { KeyObject } from 'node:crypto';
import type { CredentialKeys, KeySource } from './credential-keys';
import { didDocumentOf, didWebOf, jwksOf } from './issuer';

/** Byline as the issuer of journalists' credentials, as the configuration and the store make it. */
export interface CredentialIssuer {
  /** did:web of the portal's public address. */
  did: string;
  name: string;
  validityMs: number;
  keySource: KeySource;
}

export const ISSUER_NAME = 'Byline';
export const DEFAULT_CREDENTIAL_VALIDITY_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The issuer of a portal at this public address. The signing key is the operator's when configured; otherwise only
 * the embedded store generates and keeps one (several MongoDB replicas must share the operator's key).
 */
export function credentialIssuerOf(options: {
  publicPortalUrl: string;
  storeKind: string;
  signingKey?: KeyObject;
  validityMs?: number;
}): CredentialIssuer {
  return {
    did: didWebOf(options.publicPortalUrl),
    name: ISSUER_NAME,
    validityMs: options.validityMs ?? DEFAULT_CREDENTIAL_VALIDITY_MS,
    keySource: { configured: options.signingKey, mayGenerate: options.storeKind === 'embedded' },
  };
}

/** What /.well-known/did.json and jwks.json publish now: null while the store has no key (nothing is signed). */
export async function publishedKeysOf(keys: CredentialKeys, issuer: CredentialIssuer, now: Date) {
  const listed = await keys.published(now, issuer.validityMs);
  if (!listed.length) return null;
  return { didDocument: didDocumentOf(issuer.did, listed), jwks: jwksOf(issuer.did, listed) };
}

import type { KeyObject } from 'node:crypto';
import type { CredentialKeys, KeySource } from './credential-keys';
import { didDocumentOf, issuerIdentityOf, jwksOf, type IssuerIdentity } from './issuer';

/** Byline as the issuer of journalists' credentials, as the configuration and the store make it. */
export interface CredentialIssuer {
  /** did:web of the portal's public address, or why there is none (and nothing is signed). */
  identity: IssuerIdentity;
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
  const validityMs = options.validityMs ?? DEFAULT_CREDENTIAL_VALIDITY_MS;
  return {
    identity: issuerIdentityOf(options.publicPortalUrl),
    name: ISSUER_NAME,
    validityMs,
    keySource: { configured: options.signingKey, mayGenerate: options.storeKind === 'embedded', validityMs },
  };
}

/** Why this issuer signs nothing: no identity (no https domain), or no key it may sign with; null when it signs. */
export function whyNoCredentials({ identity, keySource }: CredentialIssuer): string | null {
  if (identity.did === null) return identity.why;
  if (!keySource.configured && !keySource.mayGenerate) return NO_KEY;
  return null;
}

const NO_KEY = 'no signing key: its operator has not set CREDENTIAL_SIGNING_KEY';

/** Why nothing is published: no issuer identity, or no key (MongoDB without the operator's). */
export type Unpublished = { published: false; why: string };

/** What did.json and jwks.json publish now. */
export async function publishedKeysOf(keys: CredentialKeys, issuer: CredentialIssuer, now: Date) {
  const { identity } = issuer;
  if (identity.did === null) return { published: false, why: identity.why } satisfies Unpublished;
  const listed = await keys.published(now);
  if (!listed.length) return { published: false, why: NO_KEY } satisfies Unpublished;
  return {
    published: true as const,
    didDocument: didDocumentOf(identity.did, listed),
    jwks: jwksOf(identity.did, listed),
  };
}

/** The issuer's signing key, where it has an identity (null otherwise, or without a key: see CredentialKeys). */
export function issuerSigningKey(keys: CredentialKeys, issuer: CredentialIssuer, now: Date) {
  return issuer.identity.did === null ? Promise.resolve(null) : keys.signingKey(issuer.keySource, now);
}

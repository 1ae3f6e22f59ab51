import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { calculateJwkThumbprint, type JWK } from 'jose';

/** Why CREDENTIAL_SIGNING_KEY cannot be used; the message names the variable, never the key. */
export class SigningKeyError extends Error {
  constructor(problem: string) {
    super(`"CREDENTIAL_SIGNING_KEY" ${problem}`);
    this.name = 'SigningKeyError';
  }
}

/**
 * The operator's signing key as CREDENTIAL_SIGNING_KEY gives it: a private JWK (JSON), a PEM (PKCS #8), or the path
 * of a file holding either. Credentials are signed with Ed25519 (EdDSA), which C2PA/CAWG validators accept, so any
 * other kind of key is refused. A KeyObject never prints its secret (logs, inspection, JSON).
 */
export function parseSigningKey(value: string): KeyObject {
  const text = value.trim();
  const fromFile = !text.startsWith('{') && !text.startsWith('-----BEGIN');
  let material = text;
  if (fromFile) {
    try {
      material = readFileSync(text, 'utf8').trim();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new SigningKeyError(`is neither a JWK, a PEM nor a readable file (${code})`);
    }
  }
  let key: KeyObject;
  try {
    key = material.startsWith('{')
      ? createPrivateKey({ key: JSON.parse(material) as JWK & { kty: string }, format: 'jwk' })
      : createPrivateKey(material);
  } catch {
    throw new SigningKeyError(`${fromFile ? 'names a file that holds' : 'holds'} no private key that can be read`);
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new SigningKeyError(`must be an Ed25519 private key (this one is ${key.asymmetricKeyType ?? 'another kind'})`);
  return key;
}

/** A new Ed25519 key, for a store that keeps its own (the embedded default, when no key is configured). */
export function generateSigningKey(): KeyObject {
  return generateKeyPairSync('ed25519').privateKey;
}

export const publicJwkOf = (key: KeyObject): JWK => {
  const { kty, crv, x } = createPublicKey(key).export({ format: 'jwk' });
  return { kty, crv, x };
};

export const privateJwkOf = (key: KeyObject): JWK => key.export({ format: 'jwk' });

export const keyOfPrivateJwk = (jwk: JWK): KeyObject => createPrivateKey({ key: jwk as JWK & { kty: string }, format: 'jwk' });

/** RFC 7638's thumbprint of the public key: whether the configured key is the one the store has as its newest. */
export const thumbprintOf = (key: KeyObject): Promise<string> => calculateJwkThumbprint(publicJwkOf(key));

import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
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
  const material = fromFile ? keyFile(text) : text;
  let key: KeyObject;
  try {
    key = material.startsWith('{')
      ? createPrivateKey({ key: JSON.parse(material) as JWK & { kty: string }, format: 'jwk' })
      : createPrivateKey(material);
  } catch {
    // An env file often holds a PEM on one line with its line breaks written as \n.
    const escaped = material.includes('-----BEGIN') && material.includes('\\n') ? ' (its line breaks are written as \\n)' : '';
    throw new SigningKeyError(`${fromFile ? 'names a file that holds' : 'holds'} no private key that can be read${escaped}`);
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new SigningKeyError(`must be an Ed25519 private key (this one is ${key.asymmetricKeyType ?? 'another kind'})`);
  return key;
}

/** A key file is small: a JWK or a PEM of one Ed25519 key is well under this. */
const KEY_FILE_MAX_BYTES = 16 * 1024;

/** The text of a key file: a regular file, small, read once (never a device or a pipe that could stall start-up). */
function keyFile(file: string): string {
  let fd: number;
  try {
    // Non-blocking: opening a pipe would otherwise wait for a writer.
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    throw new SigningKeyError('is neither a JWK, a PEM nor a file that can be read');
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > KEY_FILE_MAX_BYTES)
      throw new SigningKeyError('names a file that is not a key file (a regular file of at most 16 KB)');
    return readFileSync(fd, 'utf8').trim();
  } finally {
    closeSync(fd);
  }
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

import type { KeyObject } from 'node:crypto';
import type { JWK } from 'jose';
import { UniqueTakenError, type Documents } from '../documents/documents';
import type { CredentialKeyDocument, NewCredentialKey } from './credential-key-documents';
import type { ListedKey } from './issuer';
import { generateSigningKey, keyOfPrivateJwk, privateJwkOf, publicJwkOf, thumbprintOf } from './signing-key';

/** The key credentials are signed with now, and its number. */
export interface SigningKey {
  number: number;
  key: KeyObject;
}

/** Where the signing key comes from: the operator's, or (embedded store only) one Byline generates and keeps. */
export interface KeySource {
  configured?: KeyObject;
  /** Whether the store may generate and keep a private key when none is configured. */
  mayGenerate: boolean;
}

/** The signing key is the operator's (CREDENTIAL_SIGNING_KEY): it is rotated by configuring another. */
export class OperatorKeyError extends Error {
  constructor() {
    super('the signing key is the operator’s (CREDENTIAL_SIGNING_KEY): configure the new key there and restart');
    this.name = 'OperatorKeyError';
  }
}

/**
 * A signer that read the newest key just before a rotation may still sign with the previous one for a moment:
 * the previous key stays published this much longer than the credentials' validity.
 */
const SIGNING_OVERLAP_MS = 60 * 60 * 1000;
const ATTEMPTS = 5;

/** The issuer's keys over the generic documents: which one signs, which ones are published, rotation. */
export class CredentialKeys {
  constructor(private readonly documents: Documents<CredentialKeyDocument, NewCredentialKey>) {}

  private async newest(): Promise<CredentialKeyDocument | null> {
    const [newest] = await this.documents.all({}, { newestFirst: true, limit: 1 });
    return newest ?? null;
  }

  /**
   * The key to sign with, added to the store first when it is new: the configured key (the newest stored key
   * unless the operator changed it, in which case it follows the newest), else the stored generated key, else a
   * new generated one where the store may keep it; null where credentials cannot be signed (MongoDB without a
   * configured key). A concurrent start that added the same key first is read back.
   */
  async signingKey(source: KeySource, now: Date): Promise<SigningKey | null> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const newest = await this.newest();
      if (source.configured) {
        if (newest?.thumbprint === (await thumbprintOf(source.configured))) return { number: newest.id, key: source.configured };
        const added = await this.follow(newest, source.configured, null, now);
        if (added) return { number: added.id, key: source.configured };
        continue;
      }
      if (newest?.privateJwk) return { number: newest.id, key: keyOfPrivateJwk(JSON.parse(newest.privateJwk) as JWK) };
      if (!source.mayGenerate) return null;
      const generated = generateSigningKey();
      const added = await this.follow(newest, generated, privateJwkOf(generated), now);
      if (added) return { number: added.id, key: generated };
    }
    throw new Error('the credential signing key kept changing while it was read');
  }

  /** `byline credentials rotate-key`: a new generated key signs from now on; the previous one stays published. */
  async rotate(source: KeySource, now: Date): Promise<SigningKey> {
    // Only the embedded store keeps keys of its own; elsewhere the key is the operator's (or there is none yet).
    if (source.configured || !source.mayGenerate) throw new OperatorKeyError();
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const newest = await this.newest();
      if (newest && !newest.privateJwk) throw new OperatorKeyError();
      const generated = generateSigningKey();
      const added = await this.follow(newest, generated, privateJwkOf(generated), now);
      if (added) return { number: added.id, key: generated };
    }
    throw new Error('the credential signing key kept changing while it was rotated');
  }

  /**
   * The keys did.json and jwks.json publish: the newest, and each earlier one until every credential it can have
   * signed has expired (its successor's start, plus the credentials' validity and the signing overlap).
   */
  async published(now: Date, validityMs: number): Promise<ListedKey[]> {
    const keys = await this.documents.all({});
    const startOf = new Map(keys.map((key) => [key.successorOf, Date.parse(key.createdAt)]));
    return keys
      .filter((key) => {
        const retired = startOf.get(key.id);
        return retired === undefined || now.getTime() < retired + validityMs + SIGNING_OVERLAP_MS;
      })
      .map((key) => ({ number: key.id, publicJwk: JSON.parse(key.publicJwk) as JWK }));
  }

  /** Adds `key` after `newest`; null when another process added a key after it first. */
  private async follow(
    newest: CredentialKeyDocument | null,
    key: KeyObject,
    privateJwk: JWK | null,
    now: Date,
  ): Promise<CredentialKeyDocument | null> {
    try {
      return await this.documents.insert({
        successorOf: newest?.id ?? 0,
        publicJwk: JSON.stringify(publicJwkOf(key)),
        privateJwk: privateJwk ? JSON.stringify(privateJwk) : null,
        thumbprint: await thumbprintOf(key),
        createdAt: now.toISOString(),
      });
    } catch (error) {
      if (error instanceof UniqueTakenError && error.field === 'successorOf') return null;
      throw error;
    }
  }
}

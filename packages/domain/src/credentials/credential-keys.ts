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
  /** How long a credential signed now is valid: the key stays published at least that long after each use. */
  validityMs: number;
}

/** The signing key is the operator's (CREDENTIAL_SIGNING_KEY), or there is none to rotate here. */
export class OperatorKeyError extends Error {
  constructor() {
    super('the signing key is the operator’s (CREDENTIAL_SIGNING_KEY): configure the new key there and restart');
    this.name = 'OperatorKeyError';
  }
}

/**
 * How much longer than its last use plus the credentials' validity a key stays published: a signer marks a key used
 * when it takes it and again at least this often while it signs with it (see signingKey).
 */
export const SIGNING_OVERLAP_MS = 60 * 60 * 1000;
const ATTEMPTS = 5;

/** The issuer's keys over the generic documents: which one signs, which ones are published, rotation. */
export class CredentialKeys {
  constructor(private readonly documents: Documents<CredentialKeyDocument, NewCredentialKey>) {}

  private async newest(): Promise<CredentialKeyDocument | null> {
    const [newest] = await this.documents.all({}, { newestFirst: true, limit: 1 });
    return newest ?? null;
  }

  /**
   * The key to sign with, marked used now (published for the validity and the overlap from now on): the configured
   * key (stored once, by its thumbprint, after the newest when it is new, so replicas configured with different keys
   * during a roll-out each keep theirs published), else the newest generated key, else a new generated one where the
   * store may keep it; null where credentials cannot be signed (MongoDB without a configured key).
   */
  async signingKey(source: KeySource, now: Date): Promise<SigningKey | null> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      let taken: { document: CredentialKeyDocument; key: KeyObject } | null = null;
      if (source.configured) {
        const known = await this.documents.first({ thumbprint: await thumbprintOf(source.configured) });
        const document = known ?? (await this.follow(await this.newest(), source.configured, null, source, now));
        if (document) taken = { document, key: source.configured };
      } else {
        const newest = await this.newest();
        if (newest?.privateJwk) taken = { document: newest, key: keyOfPrivateJwk(JSON.parse(newest.privateJwk) as JWK) };
        else if (!source.mayGenerate) return null;
        else {
          const generated = generateSigningKey();
          const document = await this.follow(newest, generated, privateJwkOf(generated), source, now);
          if (document) taken = { document, key: generated };
        }
      }
      if (taken) {
        await this.markUsed(taken.document.id, source, now);
        return { number: taken.document.id, key: taken.key };
      }
    }
    throw new Error('the credential signing key kept changing while it was read');
  }

  /**
   * `byline credentials rotate-key`: a new generated key signs from now on. The previous one keeps its publication
   * (until its last use plus the validity) and loses its private part: nothing can sign with it again.
   */
  async rotate(source: KeySource, now: Date): Promise<SigningKey> {
    // Only the embedded store keeps keys of its own; elsewhere the key is the operator's (or there is none yet).
    if (source.configured || !source.mayGenerate) throw new OperatorKeyError();
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const newest = await this.newest();
      if (newest && !newest.privateJwk) throw new OperatorKeyError();
      const generated = generateSigningKey();
      const added = await this.follow(newest, generated, privateJwkOf(generated), source, now);
      if (!added) continue;
      if (newest) await this.documents.updateFirst({ id: newest.id }, { privateJwk: null });
      return { number: added.id, key: generated };
    }
    throw new Error('the credential signing key kept changing while it was rotated');
  }

  /** The keys did.json and jwks.json publish now, by number. */
  async published(now: Date): Promise<ListedKey[]> {
    const keys = await this.documents.all({ publishUntil: { gt: now.toISOString() } });
    return keys.map((key) => ({ number: key.id, publicJwk: JSON.parse(key.publicJwk) as JWK }));
  }

  /** Keeps key `id` published until what is signed with it now has expired (never shortens it). */
  private async markUsed(id: number, source: KeySource, now: Date): Promise<void> {
    const until = new Date(now.getTime() + source.validityMs + SIGNING_OVERLAP_MS).toISOString();
    await this.documents.updateFirst({ id, publishUntil: { lte: until } }, { publishUntil: until });
  }

  /** Adds `key` after `newest`; null when another process added a key after it, or this key, first. */
  private async follow(
    newest: CredentialKeyDocument | null,
    key: KeyObject,
    privateJwk: JWK | null,
    source: KeySource,
    now: Date,
  ): Promise<CredentialKeyDocument | null> {
    try {
      return await this.documents.insert({
        successorOf: newest?.id ?? 0,
        thumbprint: await thumbprintOf(key),
        publicJwk: JSON.stringify(publicJwkOf(key)),
        privateJwk: privateJwk ? JSON.stringify(privateJwk) : null,
        createdAt: now.toISOString(),
        publishUntil: new Date(now.getTime() + source.validityMs + SIGNING_OVERLAP_MS).toISOString(),
      });
    } catch (error) {
      if (error instanceof UniqueTakenError && (error.field === 'successorOf' || error.field === 'thumbprint')) return null;
      throw error;
    }
  }
}

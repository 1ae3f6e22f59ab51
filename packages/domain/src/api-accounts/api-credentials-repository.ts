import type { StoredCredential } from '../domain/types';

/**
 * What a verifier reads of the API accounts and their keys to let a request in: the verifiers' hot path (each a
 * single indexed read, behind CredentialChecker's and AllowedOrigins' caches). Nothing here writes.
 */
export interface ApiCredentials {
  /** What a credential check needs, in one read: the key's hash, revocation, account status and limits. */
  findCredential(key: string): Promise<StoredCredential | null>;
  /** The origins this key may be used from: a browser key's own, else its account's; [] for an unknown key. */
  originsOfKey(key: string): Promise<string[]>;
  /**
   * Every origin some account or some unrevoked browser key not rotated away allows (its successor has its origins), each once, in code-point order: what a
   * preflight, which carries no key, may be granted.
   */
  allAllowedOrigins(): Promise<string[]>;
}

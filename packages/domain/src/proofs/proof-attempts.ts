import type { SocialType } from '../domain/types';

/**
 * A network sign-in in progress: what the callback needs to finish it, kept in the store (not in memory) so
 * any portal instance can take the callback. Found by a hash of the `state` sent to the provider.
 */
export interface ProofAttempt {
  stateHash: string;
  userId: number;
  profileId: number;
  network: SocialType;
  /** The value the form claimed, to tell the journalist when the provider answered another username. */
  claimedValue: string;
  nonce: string;
  /** PKCE code verifier; useless without the authorization code, and the attempt lives minutes at most. */
  codeVerifier: string;
  createdAt: string;
  expiresAt: string;
}

export type TakenAttempt =
  | { status: 'taken'; attempt: ProofAttempt }
  | { status: 'expired'; attempt: ProofAttempt }
  | { status: 'used' }
  | { status: 'unknown' };

export interface ProofAttemptStore {
  createProofAttempt(attempt: ProofAttempt): Promise<void>;
  /**
   * Takes the attempt once, atomically: a second take of the same state answers `used` (a replayed
   * callback), one past `expiresAt` answers `expired` (and uses it up), a state never issued `unknown`.
   */
  takeProofAttempt(stateHash: string, now: Date): Promise<TakenAttempt>;
}

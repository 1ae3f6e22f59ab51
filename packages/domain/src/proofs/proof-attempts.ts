import type { SocialType } from '../domain/types';

/** What a sign-in proves: a network's handle, or a Bluesky account (atproto OAuth). */
export type ProofAttemptNetwork = SocialType | 'bluesky';

/**
 * A network sign-in in progress: what the callback needs to finish it, kept in the store (not in memory) so
 * any portal instance can take the callback. Found by a hash of the `state` sent to the provider.
 */
export interface ProofAttempt {
  stateHash: string;
  userId: number;
  profileId: number;
  network: ProofAttemptNetwork;
  /**
   * The value the form claimed, to tell the journalist when the provider answered another username. For Bluesky,
   * the DID of the account claimed: the only account the sign-in can prove.
   */
  claimedValue: string;
  nonce: string;
  /** PKCE code verifier; useless without the authorization code, and the attempt lives minutes at most. */
  codeVerifier: string;
  /**
   * Bluesky only: what the atproto OAuth client needs for the callback besides the code verifier (the
   * authorization server, the DPoP key the code is bound to, the client authentication method), as JSON. Kept
   * here rather than in memory so any portal instance can take the callback; useless without the code, and
   * taken once.
   */
  clientState?: string;
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

import type { AnswersUnit } from '../answers/answers-unit';
import type { ClaimsUnitOfWrite } from '../claims/claims-repository';
import type { Step } from '../store/steps';
import type { Claim, Evidence } from '../proofs/claims';
import type { Settlement } from '../queue/leased-queue';

/** A proof's re-check fields as a check writes them (an end sets `endedAt` and `endedReason`, else both null). */
export interface CheckedProofFields {
  lastCheckedAt: string;
  failingSince: string | null;
  lastFailure: string | null;
  nextCheckAt: string | null;
  endedAt: string | null;
  endedReason: string | null;
}

/**
 * What recording a re-check (recheck-changes.ts) asks of a database: primitive reads and single-document writes,
 * each a value on SQLite (inside the check's transaction) and a promise on MongoDB (see database/steps.ts). No
 * method decides anything: what is written, in which order, and what follows is the rule's.
 */
export interface RecheckUnitOfWrite {
  /** Who holds the queue item's lease now (null: no one, or no such item). */
  leaseHolder(itemId: string): Step<string | null>;
  /** Settles the queue item if `holder` still holds it; false otherwise. */
  settle(item: { id: string; holder: string }, next: Settlement, at: Date): Step<boolean>;
  evidence(evidenceId: number): Step<Evidence | null>;
  /** The profile the claim is of, or null. */
  ownerOfClaim(claimId: number): Step<number | null>;
  /** Writes the proof's re-check fields while it is live; false (nothing written) when it has ended. */
  writeCheck(evidenceId: number, fields: CheckedProofFields): Step<boolean>;
  /** Sets a live claim's state (a released one stays as it is). */
  setLiveClaimState(claimId: number, state: Claim['state'], now: string): Step<void>;
  /** Opens a pending verification request for the profile, by `actor`, unless one is open already. */
  openRequest(profileId: number, actor: string, now: string): Step<void>;
  /** The claims' unit in the same write: the lookup index, the handles a profile shows, its history. */
  claims: Pick<
    ClaimsUnitOfWrite,
    'leaveLookup' | 'provenNetworkClaims' | 'shownHandlesOf' | 'showHandles' | 'answers' | 'appendHistory'
  >;
  /** The answers' unit in the same write: re-rendering a profile whose proof ended. */
  answers: AnswersUnit;
}

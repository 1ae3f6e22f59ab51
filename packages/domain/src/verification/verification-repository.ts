import type { AuditAction, DecisionAction } from '../audit/audit-repository';

export type VerificationStatus = 'pending' | 'approved' | 'rejected' | 'withdrawn';

export interface VerificationRequest {
  id: number;
  profileId: number;
  requestedBy: string;
  requestedAt: string;
  status: VerificationStatus;
}

export interface VerificationDecision {
  profileId: number;
  actor: string;
  action: DecisionAction;
  note: string;
}

/** A profile going back to the editors' queue, and the audit record that says why. */
export interface ReturnToQueue {
  profileId: number;
  actor: string;
  action: AuditAction;
  note: string;
}

/**
 * The editors' queue and their decisions: requests to be verified, and the verified flag the verifiers answer by.
 * Every change appends its record to the audit history with it (see each adapter for how that is made safe).
 */
export interface Verification {
  /** Opens a request unless one is pending (then that one); records it in the audit history. */
  request(profileId: number, requestedBy: string): Promise<VerificationRequest>;
  /** The profile's pending request, or null. */
  pendingOf(profileId: number): Promise<VerificationRequest | null>;
  /** Every pending request, oldest first. */
  pending(): Promise<VerificationRequest[]>;
  /** Sets the verified flag, closes a pending request and appends the audit record. false when no such profile. */
  decide(decision: VerificationDecision): Promise<boolean>;
  /**
   * Puts the profile back in the editors' queue, unverified: the verified flag comes off, a pending request opens
   * (requested by `actor`) unless one is open, and the audit record is appended. false when no such profile.
   */
  returnToQueue(record: ReturnToQueue): Promise<boolean>;
  /** The owner takes back their pending request, recorded `withdrawn` by `actor`; false when none is pending. */
  withdraw(profileId: number, actor: string): Promise<boolean>;
}

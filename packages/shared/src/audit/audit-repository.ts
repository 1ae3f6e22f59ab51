/** An editor's (or operator's) decision on the verified flag. */
export type DecisionAction = 'verified' | 'rejected' | 'unverified';

/**
 * Everything the verification history records: requests (and their owners' withdrawals) and decisions, and the proofs' events that an editor
 * and the profile's owner must see: a proof attested by an editor, a proven handle moved between profiles, a
 * proven handle displaced by one moved onto its profile, a claim released because another profile proved it, a
 * proof that lapsed, and a verified profile sent back to the queue because it was left without a live proof.
 */
export type AuditAction =
  | 'requested'
  | 'withdrawn'
  | DecisionAction
  | 'proof-attested'
  | 'handle-moved'
  | 'handle-displaced'
  | 'claim-released'
  | 'proof-lapsed'
  | 'no-live-proof';

/** Who did what to a profile's verification, when, and why. */
export interface AuditRecord {
  id: number;
  profileId: number;
  actor: string;
  action: AuditAction;
  note: string;
  at: string;
}

/** A record to append; its id and time are the history's to give. */
export type NewAuditRecord = Omit<AuditRecord, 'id' | 'at'>;

/**
 * Each profile's verification history, newest first. Writes that change a profile's verification append their
 * record in their own unit of write (a decision, a request, a proof's loss); `record` is for events that change
 * nothing else there (an editor's attestation, a handle displaced, a claim released).
 */
export interface AuditHistory {
  record(entry: NewAuditRecord): Promise<void>;
  historyOf(profileId: number): Promise<AuditRecord[]>;
}

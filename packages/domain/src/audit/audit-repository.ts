/** An editor's (or operator's) decision on the verified flag. */
export type DecisionAction = 'verified' | 'rejected' | 'unverified';

/**
 * Everything the verification history records: requests (and their owners' withdrawals) and decisions, and the proofs' events that an editor
 * and the profile's owner must see: a proof attested by an editor, a proven handle moved between profiles, a
 * proven handle displaced by one moved onto its profile, a claim released because another profile proved it, a
 * proof that lapsed, a proven account that changed its handle (Bluesky: the account, its DID, is the same), a verified profile sent back to the queue because it was left without a live proof, and a
 * verified profile's identity change: requested by its owner, approved or declined by an editor, or cancelled.
 */
export const AUDIT_ACTIONS = [
  'requested',
  'withdrawn',
  'verified',
  'rejected',
  'unverified',
  'proof-attested',
  'handle-moved',
  'handle-displaced',
  'claim-released',
  'proof-lapsed',
  'handle-renamed',
  'no-live-proof',
  'identity-change-requested',
  'identity-change-approved',
  'identity-change-declined',
  'identity-change-cancelled',
  'article-attested',
  'article-released',
  'article-moved',
  'article-lapsed',
  'article-vouching-ended',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who did what to a profile's verification, when, and why. */
export interface AuditRecord {
  id: number;
  profileId: number;
  actor: string;
  action: AuditAction;
  note: string;
  at: string;
}

/** A record to append; its id is the history's to give, its time the writer's (see AuditHistory.record). */
export type NewAuditRecord = Omit<AuditRecord, 'id' | 'at'>;

/**
 * Each profile's verification history, newest first. Writes that change a profile's verification append their
 * record in their own unit of write (a decision, a request, a proof's loss); `record` is for events that change
 * nothing else there (an editor's attestation, a handle displaced, a claim released).
 */
export interface AuditHistory {
  /** Appends the record, made `at`. */
  record(entry: NewAuditRecord, at: Date): Promise<void>;
  historyOf(profileId: number): Promise<AuditRecord[]>;
  /** The editors' log: every profile's records, newest first, one page of those with this actor and action. */
  log(query: AuditLogQuery): Promise<AuditLogPage>;
}

/** A page of the editors' log is never longer than this: the query stays bounded. */
export const MAX_AUDIT_LOG_PAGE = 100;

export interface AuditLogQuery {
  /** Exactly this actor (an editor's email, `byline:re-check`…). */
  actor?: string;
  action?: AuditAction;
  /** 1 to MAX_AUDIT_LOG_PAGE. */
  limit: number;
  offset: number;
}

export interface AuditLogPage {
  records: AuditRecord[];
  /** How many records match, over every page. */
  total: number;
}

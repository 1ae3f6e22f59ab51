import type { Claim, ClaimKind, Evidence, NewEvidence } from './claims';

/** A rel="me" proof due for a re-check, leased to one checker. */
export interface DueCheck {
  evidence: Evidence;
  claim: Claim;
  profileSlug: string;
}

export type CheckOutcome = { ok: true } | { ok: false; reason: string };

export interface RecheckPolicy {
  /** Time between two checks of a proof that holds. */
  intervalMs: number;
  /** How long a proof may keep failing before it lapses. */
  graceMs: number;
  /** Time before a failing proof is checked again. */
  retryMs: number;
}

export type RecordCheckResult = 'held' | 'failing' | 'lapsed' | 'lease-lost';

/** Which proofs a re-check takes: see Rechecks.takeDueChecks (recheck/rechecks.ts). */
export interface DueChecksQuery {
  now: Date;
  holder: string;
  /** Every live re-checked proof, due or not, instead of the due ones only. */
  all?: boolean;
  /**
   * Leaves out proofs checked between this instant and `now`: a run gives its start, so it never takes again
   * what it (or another run meanwhile) has checked. A check recorded later than `now` (another host's clock
   * ahead of this one's) does not count, so a proof is never left out on a clock's word alone.
   */
  notCheckedSince?: Date;
}

export type { Claim, ClaimKind, Evidence, NewEvidence };

/** Daily re-checks; a proof failing for 3 days lapses; a failing one is checked again after 6 hours. */
export const DEFAULT_RECHECK_POLICY: RecheckPolicy = {
  intervalMs: 24 * 60 * 60 * 1000,
  graceMs: 3 * 24 * 60 * 60 * 1000,
  retryMs: 6 * 60 * 60 * 1000,
};

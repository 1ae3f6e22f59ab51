import type { SocialType } from '../domain/types';
import type { Claim, ClaimKind, Evidence, NewEvidence } from './claims';

/**
 * A proof to record on a profile. For a network, `value` is the handle the proof established (the
 * provider's answer, never the form's); for a website, its address.
 */
export interface ProofToRecord {
  profileId: number;
  kind: ClaimKind;
  value: string;
  evidence: NewEvidence;
}

export type ProveResult =
  | { ok: true; claim: Claim; released: { profileId: number; claimId: number }[] }
  /** Another profile holds this key proven: only an editor can move it (moveProvenClaim). */
  | { ok: false; reason: 'held-by-another'; holderProfileId: number }
  | { ok: false; reason: 'no-such-profile' };

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

/**
 * Whether a failed check at `now` ends a proof failing since `failingSince` (the check's own time when it held until
 * then): it has failed for the whole grace period. The re-check decides a lapse by it (checkRecord) and foresees one by it.
 */
export const lapsesAt = (failingSince: string, now: Date, { graceMs }: Pick<RecheckPolicy, 'graceMs'>): boolean =>
  now.getTime() - Date.parse(failingSince) >= graceMs;

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

/**
 * Claims and their evidence (issue 16). Invariants every implementation keeps, in one write where the store
 * allows it (SQLite: one transaction; MongoDB: ordered single-document writes that fail closed):
 * - a profile document's `profile_social_profiles` holds, per network, the handle of its *proven* claim or "";
 *   the rendered answers, exports and lookups therefore carry proven handles only;
 * - the handle lookup index (`social_handles`) holds exactly the proven network claims, one profile per key;
 * - an unproven claim never blocks anyone: proving a key releases other profiles' unproven claims of it.
 */
export interface ClaimStore {
  /** Every claim of the profile, live first then released, with all their evidence. */
  claimsOf(profileId: number): Promise<Claim[]>;
  /** The live claims of this key on any profile (a network handle key or a canonical website address). */
  claimsOfKey(kind: ClaimKind, key: string): Promise<Claim[]>;
  /**
   * Makes the profile's live claims of these kinds exactly `values` (kind → values; a network has at most
   * one): new values become `claimed` claims, values no longer listed are released ("removed by the owner",
   * their proofs ended). Refuses with HandleTakenError naming every network whose key another profile holds
   * proven; nothing is written then.
   */
  setClaims(profileId: number, values: Partial<Record<ClaimKind, string[]>>): Promise<Claim[]>;
  /** Records a proof (see ProveResult); a network proof replaces the profile's other claim of that network. */
  recordProof(proof: ProofToRecord): Promise<ProveResult>;
  /**
   * An editor's decision to move a proven handle to another profile: the holder's claim is released with
   * the note, and the target proves it by editor attestation. Audited on both profiles. The target's other
   * claim of the network, if any, is released (its proofs ended) with `replacedReason` when given.
   */
  moveProvenClaim(move: {
    type: SocialType;
    key: string;
    toProfileId: number;
    editor: string;
    note: string;
    replacedReason?: string;
  }): Promise<ProveResult>;
}

export type { Claim, ClaimKind, Evidence, NewEvidence };

/** Daily re-checks; a proof failing for 3 days lapses; a failing one is checked again after 6 hours. */
export const DEFAULT_RECHECK_POLICY: RecheckPolicy = {
  intervalMs: 24 * 60 * 60 * 1000,
  graceMs: 3 * 24 * 60 * 60 * 1000,
  retryMs: 6 * 60 * 60 * 1000,
};

/** The claim store as the backend gives it. (Its name is older than the queue: sign-ins in progress are `proofAttempts` now.) */
export type ClaimStoreWithAttempts = ClaimStore & { close(): Promise<void> };

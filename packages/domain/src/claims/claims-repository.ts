import type { AnswersUnit } from '../answers/answers-unit';
import type { SocialProfiles, SocialType } from '../domain/types';
import type { WebhookEvent } from '../webhook-events/webhook-event';
import type { Claim, ClaimKind, NewEvidence } from '../proofs/claims';
import type { AuditAction } from '../audit/audit-repository';
import type { Step, Steps } from '../store/steps';

/**
 * Handles and websites profiles claim, and the evidence that proves them: the port. It only reads and writes
 * records; the rules (setClaims, recordProof, moveProvenClaim, releaseClaims, showProvenHandles in this folder)
 * are written once over it, and keep these invariants:
 * - a profile document's `profile_social_profiles` holds, per network, the handle of its *proven* claim or "";
 *   the rendered answers, exports and lookups therefore carry proven handles only;
 * - the handle lookup index (`social_handles`) holds exactly the proven network claims, one profile per key;
 * - an unproven claim never blocks anyone: proving a key releases other profiles' unproven claims of it.
 */
export interface ClaimsRepository {
  /** Every claim of the profile, live first then released, with all their evidence. */
  claimsOf(profileId: number): Promise<Claim[]>;
  /** The live claims of this key on any profile (a network handle key or a canonical website address). */
  claimsOfKey(kind: ClaimKind, key: string): Promise<Claim[]>;
  /**
   * Runs a rule's steps as one unit of write. SQLite: one IMMEDIATE transaction, the steps synchronous inside it
   * (all written or none). MongoDB: each step a single-document write (or a batch of them) awaited in turn, so
   * the rule orders them to fail safe.
   */
  inOneWrite<T>(steps: (unit: ClaimsUnitOfWrite) => Steps<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * A claim ensureClaims makes live: its key is claimKey(kind, value) unless given (a Bluesky account's DID, which
 * only resolving its handle gives).
 */
export interface WantedClaim {
  profileId: number;
  kind: ClaimKind;
  value: string;
  key?: string;
}

/** The handles a profile's document shows, with what says whether a change of them is told (see showProvenHandles). */
export interface ShownHandles {
  handles: Partial<SocialProfiles>;
  slug: string;
  verified: boolean;
}

/** A claim as the rules read and write it: its record without the evidence. */
export type ClaimRecord = Omit<Claim, 'evidence'>;

/** Where a claim sits: enough to find its lookup entry. */
export type ClaimPlace = Pick<ClaimRecord, 'profileId' | 'kind' | 'key'>;

/** One history entry of a profile (the editors' review page and the owner's profile page show them). */
export interface HistoryEntry {
  profileId: number;
  actor: string;
  action: AuditAction;
  note: string;
}

/**
 * The primitive reads and writes a rule is made of, each a Step (a value on SQLite, a promise on MongoDB). `now`
 * is the rule's time, stamped on what it writes.
 */
export interface ClaimsUnitOfWrite {
  profileExists(profileId: number): Step<boolean>;
  /** The profile's live claims, oldest first. */
  liveClaimsOf(profileId: number): Step<ClaimRecord[]>;
  /** The live claims not proven of any of these keys, on any profile, oldest first. */
  unprovenClaimsOfKeys(kind: ClaimKind, keys: string[]): Step<ClaimRecord[]>;
  /** A claim with all its evidence. */
  readClaim(claimId: number): Step<Claim | null>;
  /** The profile the lookup index gives for this network key, if any. */
  lookupHolder(type: SocialType, key: string): Step<number | undefined>;
  /**
   * The live claim of each (profile, kind, value's key), inserted `claimed` where there is none, in the order
   * asked (values in their normal form). Concurrent writers end with the same one live claim per key and profile.
   */
  ensureClaims(wanted: WantedClaim[], now: string): Step<ClaimRecord[]>;
  /** Sets the value a claim shows, unless it is proven (a proven claim shows the spelling its proof gave). */
  setUnprovenValue(claimId: number, value: string, now: string): Step<void>;
  /** Adds a live proof to a claim; returns its id. */
  addEvidence(claimId: number, evidence: NewEvidence, now: string): Step<number>;
  /** Puts a re-checked proof (rel="me") on the re-check queue, due at its first check. */
  scheduleRecheck(evidenceId: number, dueAt: string): Step<void>;
  /** Ends every live proof of these claims with the reason (and any lease a checker holds on them). */
  endEvidence(claimIds: number[], reason: string, now: string): Step<void>;
  /** Marks a live claim `proven`, showing `value`; false when it was released meanwhile. */
  markProven(claimId: number, value: string, now: string): Step<boolean>;
  /** Marks live claims released with the reason (released ones stay as they are). */
  markReleased(claimIds: number[], reason: string, now: string): Step<void>;
  /**
   * Puts a network claim's key in the lookup index for its profile. The index keeps one profile per key: returns
   * the other profile that has it, or null when it is (now) the claim's profile's. A website has no entry: null.
   */
  enterLookup(claim: ClaimPlace): Step<number | null>;
  /** Takes these network claims' keys out of the lookup index (those entries that are their profiles'). */
  leaveLookup(claims: ClaimPlace[]): Step<void>;
  /** The live proven network claims of these profiles, oldest first. */
  provenNetworkClaims(profileIds: number[]): Step<ClaimRecord[]>;
  /** The handles these profiles' documents show (`profile_social_profiles`), read with their slug and verified flag. */
  shownHandlesOf(profileIds: number[]): Step<Map<number, ShownHandles>>;
  /** Writes these profiles' shown handles, each with its `events` for the outbox in the same write as the document. */
  showHandles(shown: Map<number, { handles: SocialProfiles; events: WebhookEvent[] }>): Step<void>;
  /** The answers' unit in the same write: re-rendering the profiles whose claims changed (see rerenderAnswers). */
  answers: AnswersUnit;
  appendHistory(entry: HistoryEntry, now: string): Step<void>;
}

/**
 * A proof to record on a profile. For a network, `value` is the handle the proof established (the
 * provider's answer, never the form's); for a website, its address.
 */
export interface ProofToRecord {
  profileId: number;
  kind: ClaimKind;
  value: string;
  /** The claim's key when the value does not give it (a Bluesky account's DID); claimKey(kind, value) otherwise. */
  key?: string;
  evidence: NewEvidence;
}

export type ProveResult =
  | { ok: true; claim: Claim; released: { profileId: number; claimId: number }[] }
  /** Another profile holds this key proven: only an editor can move it (moveProvenClaim). */
  | { ok: false; reason: 'held-by-another'; holderProfileId: number }
  | { ok: false; reason: 'no-such-profile' };

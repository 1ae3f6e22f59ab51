import { claimKey, isNetwork, normalClaimValue } from '../proofs/claim-values';
import { claimTitle, releasedBecause, replacedBy } from '../proofs/claim-wording';
import type { NewEvidence } from '../proofs/claims';
import { SOCIAL_TYPES } from '../domain/types';
import type {
  ClaimPlace,
  ClaimRecord,
  ClaimsRepository,
  ClaimsUnitOfWrite,
  ProofToRecord,
  ProveResult,
} from './claims-repository';
import { showProvenHandles } from './proven-handles';
import { releaseClaims } from './release-claims';
import { step, type Steps } from '../store/steps';
import { takeOutOfService } from '../answers/take-out-of-service';

type Proving = { status: 'proven' } | { status: 'held'; holder: number } | { status: 'released' };

/**
 * Adds a proof to a live claim and makes it `proven`: the evidence and, for a re-checked proof, its place on the
 * re-check queue (so that no rel="me" proof is ever live without its re-checks), then the lookup entry (a network
 * claim; the index keeps one profile per key, which decides a race between two profiles: the loser ends the
 * evidence it wrote), then the claim `proven`. A claim released meanwhile leaves the lookup again and its evidence
 * ends.
 */
export function* proveClaim(unit: ClaimsUnitOfWrite, claim: ClaimRecord, evidence: NewEvidence, now: string): Steps<Proving> {
  const evidenceId = yield* step(unit.addEvidence(claim.id, evidence, now));
  if (evidence.nextCheckAt) yield* step(unit.scheduleRecheck(evidenceId, evidence.nextCheckAt));
  const holder = yield* step(unit.enterLookup(claim));
  if (holder !== null) {
    // The answers show the evidence: out of service before it ends (MongoDB).
    yield* takeOutOfService(unit.answers, [claim.profileId]);
    yield* step(unit.endEvidence([claim.id], 'Another profile proved it first.', now));
    return { status: 'held', holder };
  }
  // A network's proof gives the handle as the network spells it; that spelling is what the answers show. A Bluesky
  // proof gives the account's handle as it stands.
  const value = isNetwork(claim.kind) || claim.kind === 'bluesky' ? evidence.provenValue : claim.value;
  if (yield* step(unit.markProven(claim.id, value, now))) return { status: 'proven' };
  yield* step(unit.leaveLookup([claim]));
  yield* takeOutOfService(unit.answers, [claim.profileId]);
  yield* step(unit.endEvidence([claim.id], 'Its claim was removed meanwhile.', now));
  return { status: 'released' };
}

/**
 * Other profiles' unproven live claims of proven network keys are released with the reason their owners read: an
 * unproven claim never blocks the profile that proves the key. With `actor` (who or what proved them), each of
 * those profiles' history records the release (`claim-released`, naming the claim and why), which its owner reads
 * on their profile page and editors on the review page. A website has no single holder (co-authors may each prove
 * one blog): only handles release other claims. Returns the claims released.
 */
export function* releaseUnprovenOthers(
  unit: ClaimsUnitOfWrite,
  proven: ClaimPlace[],
  { reason, actor }: { reason: string; actor?: string },
  now: string,
): Steps<{ profileId: number; claimId: number }[]> {
  const prover = new Map(proven.map((claim) => [`${claim.kind} ${claim.key}`, claim.profileId]));
  const others: ClaimRecord[] = [];
  for (const type of SOCIAL_TYPES) {
    const keys = proven.filter((claim) => claim.kind === type).map((claim) => claim.key);
    if (keys.length === 0) continue;
    const unproven = yield* step(unit.unprovenClaimsOfKeys(type, keys));
    others.push(...unproven.filter((other) => prover.get(`${type} ${other.key}`) !== other.profileId));
  }
  yield* releaseClaims(unit, others, reason, now);
  yield* showProvenHandles(
    unit,
    others.map((other) => other.profileId),
  );
  if (actor !== undefined) {
    for (const other of others) {
      const note = `${claimTitle(other)}: ${reason}`;
      yield* step(unit.appendHistory({ profileId: other.profileId, actor, action: 'claim-released', note }, now));
    }
  }
  return others.map((other) => ({ profileId: other.profileId, claimId: other.id }));
}

/** How a proof is recorded besides the proof itself. */
export interface ProofOptions {
  /** Who or what proved it, as the history of the profiles whose claims it releases names them. */
  actor?: string;
  /** Why the profile's other claim of the network is released (by default: replaced by this proof). */
  replacedReason?: string;
}

/**
 * recordProof (the value already in its normal form). Refused when another profile holds the network key proven
 * (only an editor moves it: moveProvenClaim). A network proof releases the profile's other claim of the network
 * with `replacedReason` (by default: replaced by this proof), and other profiles' unproven claims of the key
 * (releaseUnprovenOthers: their histories record it when the `actor` is given).
 *
 * Order (MongoDB, where each is a separate write): the claim (claimed), its evidence, the lookup entry, the claim
 * `proven` (see proveClaim), then the profile's replaced claim of the network released, then its document and
 * answers, then other profiles' unproven claims released, their documents and their histories. Interrupted, a claim may keep a
 * live proof without being `proven` (proving it again finds it), the handle may find the profile before its
 * answers show it, or a replaced handle may find it a moment longer; nothing unproven ever finds it. A claim its
 * owner removes while it is being proven is claimed and proven again.
 */
export function* recordProofSteps(
  unit: ClaimsUnitOfWrite,
  proof: ProofToRecord,
  now: string,
  { actor, replacedReason }: ProofOptions = {},
): Steps<ProveResult> {
  const { profileId, kind, value, evidence } = proof;
  if (!(yield* step(unit.profileExists(profileId)))) return { ok: false, reason: 'no-such-profile' };
  const key = proof.key ?? claimKey(kind, value);
  for (let attempt = 1; ; attempt++) {
    if (isNetwork(kind)) {
      const holder = yield* step(unit.lookupHolder(kind, key));
      if (holder !== undefined && holder !== profileId) return { ok: false, reason: 'held-by-another', holderProfileId: holder };
    }
    const [claim] = yield* step(unit.ensureClaims([{ profileId, kind, value, key }], now));
    const proving = yield* proveClaim(unit, claim!, evidence, now);
    if (proving.status === 'held') return { ok: false, reason: 'held-by-another', holderProfileId: proving.holder };
    if (proving.status === 'released') {
      if (attempt < 3) continue;
      throw new Error(`the ${kind} claim ${value} of profile ${profileId} kept being removed while proven`);
    }
    if (isNetwork(kind)) {
      const replaced = (yield* step(unit.liveClaimsOf(profileId))).filter((other) => other.kind === kind && other.key !== key);
      yield* releaseClaims(unit, replaced, replacedReason ?? replacedBy(value, evidence.method, now), now);
    }
    yield* showProvenHandles(unit, [profileId]);
    const reason = releasedBecause(evidence.method, now);
    const released = yield* releaseUnprovenOthers(unit, [claim!], { reason, actor }, now);
    return { ok: true, claim: (yield* step(unit.readClaim(claim!.id)))!, released };
  }
}

/** Records a proof on a profile (see recordProofSteps and ProveResult). */
export function recordProof(
  claims: ClaimsRepository,
  proof: ProofToRecord,
  options: Pick<ProofOptions, 'actor'> = {},
): Promise<ProveResult> {
  return recordProofs(claims, [proof], options).then(([result]) => result!);
}

/**
 * Records proofs in one unit of write, each as recordProof records it, in turn (one transaction on SQLite: many
 * proofs written at once, as a data set's, pay one commit).
 */
export function recordProofs(
  claims: ClaimsRepository,
  proofs: ProofToRecord[],
  options: Pick<ProofOptions, 'actor'> = {},
): Promise<ProveResult[]> {
  const normal = proofs.map((proof) => ({ ...proof, value: normalClaimValue(proof.kind, proof.value) }));
  const now = new Date().toISOString();
  return claims.inOneWrite(function* (unit) {
    const results: ProveResult[] = [];
    for (const proof of normal) results.push(yield* recordProofSteps(unit, proof, now, options));
    return results;
  });
}

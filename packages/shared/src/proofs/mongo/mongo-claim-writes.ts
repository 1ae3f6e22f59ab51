import type { Db } from 'mongodb';
import type { SocialType } from '../../domain/types';
import { HandleTakenError } from '../../profiles/profiles-repository';
import { collectionOf, type ClaimDoc } from '../../store/mongo/mongo-schema';
import { insertAudit } from '../../store/mongo/mongo-verification-records';
import type { NewEvidence } from '../claims';
import type { ClaimStore, ProofToRecord, ProveResult } from '../claim-store';
import { claimKey, isNetwork, type WantedClaims } from '../claim-values';
import { releasedBecause, replacedBy } from '../claim-wording';
import { EDITOR_PROVIDER } from '../sqlite/sqlite-claim-store';
import {
  endLiveEvidence,
  ensureClaim,
  ensureClaims,
  enterLookup,
  insertEvidence,
  leaveLookup,
  liveClaimsOfProfile,
  liveMark,
  profileExists,
  provenHolder,
  readClaim,
  releaseClaims,
  syncProvenHandles,
} from './mongo-claims';

/** The profile form's and the claim store's writes of claims on MongoDB (see mongo-claims.ts for the order of writes). */

/** HandleTakenError naming every network whose key another profile holds proven. */
export async function refuseTakenHandles(db: Db, profileId: number | null, wanted: WantedClaims): Promise<void> {
  const taken: SocialType[] = [];
  for (const { kind, entries } of wanted) {
    if (!isNetwork(kind)) continue;
    for (const { key } of entries) {
      const holder = await provenHolder(db, kind, key);
      if (holder !== undefined && holder !== profileId) taken.push(kind);
    }
  }
  if (taken.length) throw new HandleTakenError(taken);
}

/**
 * The claims of setClaims, once refuseTakenHandles has passed (values already normal): values no longer listed
 * are released, new ones claimed. The caller syncs the profile document. A key another profile proves meanwhile
 * is only claimed here, which blocks nobody.
 */
export async function writeClaims(db: Db, profileId: number, wanted: WantedClaims, now: string): Promise<void> {
  const asked = new Set(wanted.map(({ kind }) => kind));
  const keep = new Set(wanted.flatMap(({ kind, entries }) => entries.map(({ key }) => liveMark(profileId, kind, key))));
  const dropped = (await liveClaimsOfProfile(db, profileId)).filter(
    (claim) => asked.has(claim.kind) && !keep.has(liveMark(profileId, claim.kind, claim.key)),
  );
  await releaseClaims(db, dropped, `Removed by the journalist on ${now.slice(0, 10)}`, now);
  const values = wanted.flatMap(({ kind, entries }) => entries.map(({ value }) => ({ profileId, kind, value })));
  const claims = await ensureClaims(db, values, now);
  for (const [i, claim] of claims.entries()) {
    const { value } = values[i]!;
    if (claim.state === 'proven' || claim.value === value) continue;
    await collectionOf(db, 'claims').updateOne(
      { _id: claim._id, state: { $ne: 'proven' } },
      { $set: { value, updated_at: now } },
    );
  }
}

/** setClaims: refused with HandleTakenError before anything is written, then the claims, then the profile. */
export async function setClaimsNow(db: Db, profileId: number, wanted: WantedClaims, now: string): Promise<void> {
  await refuseTakenHandles(db, profileId, wanted);
  await writeClaims(db, profileId, wanted, now);
  await syncProvenHandles(db, [profileId]);
}

type Proving = { status: 'proven' } | { status: 'held'; holder: number } | { status: 'released' };

/**
 * Adds a proof to a live claim and makes it `proven`: the evidence, then the lookup entry (a network claim),
 * then the claim. Refused when another profile took the entry first, or when the claim was released meanwhile;
 * the evidence written ends then.
 */
async function proveClaim(db: Db, claim: ClaimDoc, evidence: NewEvidence, now: string): Promise<Proving> {
  await insertEvidence(db, [{ claimId: claim._id, evidence }], now);
  const holder = await enterLookup(db, claim);
  if (holder !== null) {
    await endLiveEvidence(db, [claim._id], 'Another profile proved it first.', now);
    return { status: 'held', holder };
  }
  // A network's proof gives the handle as the network spells it; that spelling is what the answers show.
  const value = isNetwork(claim.kind) ? evidence.provenValue : claim.value;
  const set = await collectionOf(db, 'claims').updateOne(
    { _id: claim._id, released_at: null },
    { $set: { state: 'proven', value, updated_at: now } },
  );
  if (set.matchedCount > 0) return { status: 'proven' };
  await leaveLookup(db, [claim]);
  await endLiveEvidence(db, [claim._id], 'Its claim was removed meanwhile.', now);
  return { status: 'released' };
}

/** Other profiles' unproven live claims of the claim's key, released with the reason. */
async function releaseUnprovenOthers(
  db: Db,
  claim: ClaimDoc,
  reason: string,
  now: string,
): Promise<{ profileId: number; claimId: number }[]> {
  // A website has no single holder (co-authors may each prove one blog): only handles release other claims.
  if (!isNetwork(claim.kind)) return [];
  const others = await collectionOf(db, 'claims')
    .find({
      kind: claim.kind,
      key: claim.key,
      released_at: null,
      state: { $ne: 'proven' },
      profile_id: { $ne: claim.profile_id },
    })
    .sort({ _id: 1 })
    .toArray();
  await releaseClaims(db, others, reason, now);
  return others.map((other) => ({ profileId: other.profile_id, claimId: other._id }));
}

/**
 * recordProof (value already normal). A claim its owner removes while it is being proven is claimed and proven
 * again. A network proof releases the profile's other claim of the network with `replacedReason` (by default:
 * replaced by this proof).
 */
export async function recordProofNow(db: Db, proof: ProofToRecord, now: string, replacedReason?: string): Promise<ProveResult> {
  const { profileId, kind, value, evidence } = proof;
  if (!(await profileExists(db, profileId))) return { ok: false, reason: 'no-such-profile' };
  const key = claimKey(kind, value);
  for (let attempt = 1; ; attempt++) {
    if (isNetwork(kind)) {
      const holder = await provenHolder(db, kind, key);
      if (holder !== undefined && holder !== profileId) return { ok: false, reason: 'held-by-another', holderProfileId: holder };
    }
    const claim = await ensureClaim(db, profileId, kind, value, now);
    const proving = await proveClaim(db, claim, evidence, now);
    if (proving.status === 'held') return { ok: false, reason: 'held-by-another', holderProfileId: proving.holder };
    if (proving.status === 'released') {
      if (attempt < 3) continue;
      throw new Error(`the ${kind} claim ${value} of profile ${profileId} kept being removed while proven`);
    }
    if (isNetwork(kind)) {
      const replaced = (await liveClaimsOfProfile(db, profileId)).filter((other) => other.kind === kind && other.key !== key);
      await releaseClaims(db, replaced, replacedReason ?? replacedBy(value, evidence.method, now), now);
    }
    await syncProvenHandles(db, [profileId]);
    const released = await releaseUnprovenOthers(db, claim, releasedBecause(evidence.method, now), now);
    await syncProvenHandles(
      db,
      released.map((other) => other.profileId),
    );
    return { ok: true, claim: (await readClaim(db, claim._id))!, released };
  }
}

/**
 * An editor's move of a proven handle: the holder's history records it first, then its claim is released, then
 * the target proves it by attestation (and its history records it). Interrupted in between, the handle is held
 * by nobody, which the editor sees and repeats.
 */
export async function moveProvenClaimNow(
  db: Db,
  { type, key, toProfileId, editor, note, replacedReason }: Parameters<ClaimStore['moveProvenClaim']>[0],
  now: string,
): Promise<ProveResult> {
  if (!(await profileExists(db, toProfileId))) return { ok: false, reason: 'no-such-profile' };
  const holder = await provenHolder(db, type, key);
  const held = holder === undefined ? null : await collectionOf(db, 'claims').findOne({ live: liveMark(holder, type, key) });
  const value = held?.value ?? key;
  if (holder !== undefined && holder !== toProfileId && held) {
    await insertAudit(db, {
      profile_id: holder,
      actor: editor,
      action: 'handle-moved',
      note: `${type} ${value} moved to another profile: ${note}`,
      at: now,
    });
    await releaseClaims(db, [held], `Moved to another profile by an editor (${editor}) on ${now.slice(0, 10)}: ${note}`, now);
    await syncProvenHandles(db, [holder]);
  }
  const result = await recordProofNow(
    db,
    {
      profileId: toProfileId,
      kind: type,
      value,
      evidence: { method: 'editor-attestation', provider: EDITOR_PROVIDER, provenValue: value, by: `editor:${editor}`, note },
    },
    now,
    replacedReason,
  );
  if (result.ok) {
    await insertAudit(db, {
      profile_id: toProfileId,
      actor: editor,
      action: 'handle-moved',
      note: `${type} ${value} moved here: ${note}`,
      at: now,
    });
  }
  return result;
}

import type { Db } from 'mongodb';
import { SOCIAL_TYPES, type SocialProfiles, type SocialType } from '../../domain/types';
import { chunks, WRITE_CHUNK } from '../../store/mongo/chunks';
import { isDuplicateKey, writeErrorsOf } from '../../store/mongo/mongo-errors';
import { withNewIds } from '../../store/mongo/mongo-ids';
import { COLLECTIONS, collectionOf, type ClaimDoc, type EvidenceDoc } from '../../store/mongo/mongo-schema';
import { refreshDerivedFields } from '../../store/mongo/profile-derived-fields';
import type { Claim, ClaimKind, Evidence, NewEvidence } from '../claims';
import { claimKey, isNetwork } from '../claim-values';

/*
 * The claims and evidence collections, read and written by the claim store, the portal's profile form and
 * `byline import` alike, so the invariants of ClaimStore are kept one way: `social_handles` holds exactly the
 * proven network claims, and each profile document's `profile_social_profiles` their values ("" for the others).
 *
 * There are no multi-document transactions (FerretDB 1.x has none). The single-document writes are ordered so
 * that an interruption fails closed, never answering for a handle that is not proven:
 * - proving: the evidence, then the `social_handles` entry (its unique index decides a race between two
 *   profiles: the loser ends the evidence it wrote), then the claim `proven`, then the profile document and its
 *   answers, then other profiles' unproven claims of the key released;
 * - releasing: the `social_handles` entry leaves first, then the claim is released, then its proofs end, then
 *   the profile document and its answers follow.
 * Residual risks, each repaired by the next write of the same kind: interrupted while proving, a claim may
 * keep a live proof without being `proven` (proving it again finds it), or the handle may be found before the
 * profile's answers show it; interrupted while releasing, the profile's answers may still show a handle that no
 * longer finds it (until the profile's next save or proof), and a released claim may keep a live re-checked
 * proof (ended when a checker takes it, see mongo-rechecks.ts). Proving a network handle in place of another
 * one holds both in `social_handles` for a moment: the profile is found by either until the old one leaves.
 */

/** The value of ClaimDoc.live: one live claim per (profile, kind, key), by a unique index. */
export const liveMark = (profileId: number, kind: ClaimKind, key: string): string => JSON.stringify([profileId, kind, key]);

const toEvidence = (doc: EvidenceDoc): Evidence => ({
  id: doc._id,
  claimId: doc.claim_id,
  method: doc.method,
  provider: { id: doc.provider_id, name: doc.provider_name },
  provenValue: doc.proven_value,
  subject: doc.subject,
  verifiedAt: doc.verified_at,
  lastCheckedAt: doc.last_checked_at,
  by: doc.by,
  note: doc.note,
  nextCheckAt: doc.next_check_at,
  failingSince: doc.failing_since,
  lastFailure: doc.last_failure,
  endedAt: doc.ended_at,
  endedReason: doc.ended_reason,
});

const toClaim = (doc: ClaimDoc, evidence: Evidence[]): Claim => ({
  id: doc._id,
  profileId: doc.profile_id,
  kind: doc.kind,
  value: doc.value,
  key: doc.key,
  state: doc.state,
  createdAt: doc.created_at,
  updatedAt: doc.updated_at,
  releasedAt: doc.released_at,
  releasedReason: doc.released_reason,
  evidence,
});

/** The claims with all their evidence, oldest first. */
async function withEvidence(db: Db, docs: ClaimDoc[]): Promise<Claim[]> {
  const byClaim = new Map<number, Evidence[]>(docs.map((doc) => [doc._id, []]));
  for (const part of chunks([...byClaim.keys()])) {
    const found = collectionOf(db, 'evidence')
      .find({ claim_id: { $in: part } })
      .sort({ _id: 1 });
    for await (const doc of found) byClaim.get(doc.claim_id)!.push(toEvidence(doc));
  }
  return docs.map((doc) => toClaim(doc, byClaim.get(doc._id)!));
}

/** Every claim of the profile, live first then released, each oldest first. */
export async function readClaimsOf(db: Db, profileId: number): Promise<Claim[]> {
  const docs = await collectionOf(db, 'claims').find({ profile_id: profileId }).sort({ _id: 1 }).toArray();
  const live = docs.filter((doc) => doc.released_at === null);
  return withEvidence(db, [...live, ...docs.filter((doc) => doc.released_at !== null)]);
}

export async function readLiveClaimsOfKey(db: Db, kind: ClaimKind, key: string): Promise<Claim[]> {
  return withEvidence(db, await collectionOf(db, 'claims').find({ kind, key, released_at: null }).sort({ _id: 1 }).toArray());
}

export async function readClaim(db: Db, id: number): Promise<Claim | null> {
  const doc = await collectionOf(db, 'claims').findOne({ _id: id });
  return doc ? (await withEvidence(db, [doc]))[0]! : null;
}

export async function readEvidence(db: Db, id: number): Promise<Evidence | null> {
  const doc = await collectionOf(db, 'evidence').findOne({ _id: id });
  return doc ? toEvidence(doc) : null;
}

export async function profileExists(db: Db, profileId: number): Promise<boolean> {
  return (await collectionOf(db, 'profiles').countDocuments({ _id: profileId }, { limit: 1 })) > 0;
}

/** Who holds this network key proven, if anyone. */
export async function provenHolder(db: Db, type: SocialType, key: string): Promise<number | undefined> {
  const held = await collectionOf(db, 'handles').findOne(
    { social_type: type, handle_key: key },
    { projection: { profile_id: 1 } },
  );
  return held?.profile_id;
}

export function liveClaimsOfProfile(db: Db, profileId: number): Promise<ClaimDoc[]> {
  return collectionOf(db, 'claims').find({ profile_id: profileId, released_at: null }).sort({ _id: 1 }).toArray();
}

const emptySocial = (): SocialProfiles => Object.fromEntries(SOCIAL_TYPES.map((type) => [type, ''])) as SocialProfiles;

/** Per profile, the value of its first live proven claim of each network ("" where none). */
export async function provenSocialOf(db: Db, profileIds: number[]): Promise<Map<number, SocialProfiles>> {
  const proven = new Map(profileIds.map((id) => [id, emptySocial()]));
  for (const part of chunks(profileIds)) {
    const found = collectionOf(db, 'claims')
      .find({ profile_id: { $in: part }, released_at: null, state: 'proven', kind: { $in: [...SOCIAL_TYPES] } })
      .sort({ _id: 1 });
    for await (const claim of found) {
      const social = proven.get(claim.profile_id)!;
      const type = claim.kind as SocialType;
      if (!social[type]) social[type] = claim.value;
    }
  }
  return proven;
}

/**
 * Writes the profile documents' handles from their proven network claims ("" where none) and re-renders the
 * answers of those that changed. The document is the public, proven view: answers, exports and lookups read it.
 */
export async function syncProvenHandles(db: Db, profileIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(profileIds)];
  const proven = await provenSocialOf(db, ids);
  const profiles = collectionOf(db, 'profiles');
  const changed: number[] = [];
  for (const part of chunks(ids)) {
    const updates = [];
    for await (const doc of profiles.find({ _id: { $in: part } }, { projection: { 'profile.profile_social_profiles': 1 } })) {
      const social = proven.get(doc._id)!;
      const stored = doc.profile.profile_social_profiles ?? {};
      const same = Object.keys(stored).length === SOCIAL_TYPES.length && SOCIAL_TYPES.every((t) => stored[t] === social[t]);
      if (same) continue;
      changed.push(doc._id);
      updates.push({ updateOne: { filter: { _id: doc._id }, update: { $set: { 'profile.profile_social_profiles': social } } } });
    }
    for (const batch of chunks(updates, WRITE_CHUNK)) await profiles.bulkWrite(batch, { ordered: false });
  }
  await refreshDerivedFields(db, changed);
}

/** Takes network claims out of the handle lookup index (they stop verifying). */
export async function leaveLookup(db: Db, claims: Pick<ClaimDoc, 'profile_id' | 'kind' | 'key'>[]): Promise<void> {
  const deletes = claims
    .filter((claim) => isNetwork(claim.kind))
    .map((claim) => ({
      deleteOne: { filter: { social_type: claim.kind as SocialType, handle_key: claim.key, profile_id: claim.profile_id } },
    }));
  for (const batch of chunks(deletes, WRITE_CHUNK)) await collectionOf(db, 'handles').bulkWrite(batch, { ordered: false });
}

/**
 * Ends live claims: a proven handle leaves the lookup index first, then the claims are released, then their
 * proofs end. The caller re-syncs the profiles (syncProvenHandles).
 */
export async function releaseClaims(
  db: Db,
  claims: Pick<ClaimDoc, '_id' | 'profile_id' | 'kind' | 'key'>[],
  reason: string,
  now: string,
): Promise<void> {
  if (claims.length === 0) return;
  await leaveLookup(db, claims);
  for (const part of chunks(claims.map((claim) => claim._id))) {
    await collectionOf(db, 'claims').updateMany(
      { _id: { $in: part }, released_at: null },
      { $set: { released_at: now, released_reason: reason, updated_at: now }, $unset: { live: '' } },
    );
    await endLiveEvidence(db, part, reason, now);
  }
  // Again once released: a proof of one of these claims that entered the lookup between the first removal and
  // the release (it then found the claim still live) must not leave the handle answering. No transactions here.
  await leaveLookup(db, claims);
}

export async function endLiveEvidence(db: Db, claimIds: number[], reason: string, now: string): Promise<void> {
  await collectionOf(db, 'evidence').updateMany(
    { claim_id: { $in: claimIds }, ended_at: null },
    { $set: { ended_at: now, ended_reason: reason, lease_holder: null, lease_until: null } },
  );
}

export interface WantedClaim {
  profileId: number;
  kind: ClaimKind;
  /** In its normal form. */
  value: string;
}

/**
 * The live claim of each (profile, kind, value's key), inserted `claimed` where there is none, in the order
 * asked. The unique index on ClaimDoc.live keeps concurrent writers to one live claim per key and profile: a
 * duplicate re-plans and finds the other writer's.
 */
export async function ensureClaims(db: Db, wanted: WantedClaim[], now: string): Promise<ClaimDoc[]> {
  const claims = collectionOf(db, 'claims');
  const byMark = new Map<string, ClaimDoc>();
  const marks = wanted.map(({ profileId, kind, value }) => liveMark(profileId, kind, claimKey(kind, value)));
  const firstOf = new Map<string, WantedClaim>();
  wanted.forEach((claim, i) => {
    if (!firstOf.has(marks[i]!)) firstOf.set(marks[i]!, claim);
  });
  for (const part of chunks([...firstOf.keys()])) {
    await withNewIds(db, COLLECTIONS.claims, async () => {
      for await (const doc of claims.find({ live: { $in: part } })) byMark.set(doc.live!, doc);
      const missing = part.filter((mark) => !byMark.has(mark));
      return {
        count: missing.length,
        write: async (firstId) => {
          const docs = missing.map((mark, i): ClaimDoc => {
            const { profileId, kind, value } = firstOf.get(mark)!;
            return {
              _id: firstId + i,
              profile_id: profileId,
              kind,
              value,
              key: claimKey(kind, value),
              state: 'claimed',
              created_at: now,
              updated_at: now,
              released_at: null,
              released_reason: null,
              live: mark,
            };
          });
          if (docs.length) await claims.insertMany(docs, { ordered: false });
          for (const doc of docs) byMark.set(doc.live!, doc);
        },
      };
    });
  }
  return marks.map((mark) => byMark.get(mark)!);
}

/**
 * Inserts claims proven from the start (by the import, or the migration of handles held before claims): their
 * proofs first, under the claims' reserved ids, then the claims, `proven`. Two writes per batch where claiming,
 * proving and marking proven would take three: FerretDB 1.x updates documents one by one. A claim another writer
 * made meanwhile (the unique live index refuses ours) loses the proof written for it and is returned with those
 * found live before, which the caller proves as it proves existing claims. Interrupted between the two writes,
 * the proofs are left pointing at no claim, where nothing reads them.
 */
export async function insertProvenClaims(
  db: Db,
  items: (WantedClaim & { evidence: NewEvidence })[],
  now: string,
): Promise<ClaimDoc[]> {
  const claims = collectionOf(db, 'claims');
  const existing: ClaimDoc[] = [];
  for (const part of chunks(items)) {
    const marks = part.map(({ profileId, kind, value }) => liveMark(profileId, kind, claimKey(kind, value)));
    const found = await withNewIds(db, COLLECTIONS.claims, async () => {
      const live = await claims.find({ live: { $in: marks } }).toArray();
      const known = new Set(live.map((doc) => doc.live));
      const missing = part.filter((_, i) => !known.has(marks[i]!));
      return {
        count: missing.length,
        write: async (firstId) => {
          if (missing.length === 0) return live;
          const docs = missing.map(({ profileId, kind, value }, i): ClaimDoc => ({
            _id: firstId + i,
            profile_id: profileId,
            kind,
            value,
            key: claimKey(kind, value),
            state: 'proven',
            created_at: now,
            updated_at: now,
            released_at: null,
            released_reason: null,
            live: liveMark(profileId, kind, claimKey(kind, value)),
          }));
          const proofIds = await insertEvidence(
            db,
            missing.map(({ evidence }, i) => ({ claimId: firstId + i, evidence })),
            now,
          );
          try {
            await claims.insertMany(docs, { ordered: false });
          } catch (error) {
            const refused = writeErrorsOf(error).map(({ index }) => proofIds[index]!);
            if (isDuplicateKey(error)) await collectionOf(db, 'evidence').deleteMany({ _id: { $in: refused } });
            throw error;
          }
          return live;
        },
      };
    });
    existing.push(...found);
  }
  return existing;
}

export async function ensureClaim(db: Db, profileId: number, kind: ClaimKind, value: string, now: string): Promise<ClaimDoc> {
  return (await ensureClaims(db, [{ profileId, kind, value }], now))[0]!;
}

/** Inserts these proofs (stamped `now`); returns their ids, in order. */
export async function insertEvidence(
  db: Db,
  proofs: { claimId: number; evidence: NewEvidence }[],
  now: string,
): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(proofs)) {
    const first = await withNewIds(db, COLLECTIONS.evidence, async () => ({
      count: part.length,
      write: async (firstId) => {
        const docs = part.map(({ claimId, evidence }, i): EvidenceDoc => ({
          _id: firstId + i,
          claim_id: claimId,
          method: evidence.method,
          provider_id: evidence.provider.id,
          provider_name: evidence.provider.name,
          proven_value: evidence.provenValue,
          subject: evidence.subject ?? null,
          verified_at: now,
          last_checked_at: now,
          by: evidence.by,
          note: evidence.note ?? null,
          next_check_at: evidence.nextCheckAt ?? null,
          failing_since: null,
          last_failure: null,
          lease_holder: null,
          lease_until: null,
          ended_at: null,
          ended_reason: null,
        }));
        try {
          await collectionOf(db, 'evidence').insertMany(docs, { ordered: false });
        } catch (error) {
          // An id handed out twice (FerretDB): the proofs that went in are withdrawn, withNewIds writes them all again.
          if (isDuplicateKey(error)) await withdrawLanded(db, docs, writeErrorsOf(error));
          throw error;
        }
        return firstId;
      },
    }));
    part.forEach((_, i) => ids.push(first + i));
  }
  return ids;
}

async function withdrawLanded(db: Db, docs: EvidenceDoc[], failed: { index: number }[]): Promise<void> {
  const refused = new Set(failed.map(({ index }) => index));
  const landed = docs.filter((_, i) => !refused.has(i)).map((doc) => doc._id);
  if (landed.length) await collectionOf(db, 'evidence').deleteMany({ _id: { $in: landed } });
}

/**
 * Takes the `social_handles` entry of a network claim for its profile. The unique index decides a race with
 * another profile: returns that profile's id then, or null when the entry is this profile's.
 */
export async function enterLookup(db: Db, claim: Pick<ClaimDoc, 'profile_id' | 'kind' | 'key'>): Promise<number | null> {
  if (!isNetwork(claim.kind)) return null;
  const entry = { social_type: claim.kind, handle_key: claim.key };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await collectionOf(db, 'handles').insertOne({ ...entry, profile_id: claim.profile_id });
      return null;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const holder = await provenHolder(db, claim.kind, claim.key);
    if (holder !== undefined) return holder === claim.profile_id ? null : holder;
    // Left meanwhile: try again.
  }
  throw new Error(`the ${claim.kind} handle ${claim.key} kept changing hands`);
}

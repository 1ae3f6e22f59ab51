import type { Db } from 'mongodb';
import { pushEvents } from '../webhook-events/mongo-carried-events';
import type { WebhookEvent } from '@byline/domain/webhook-events/webhook-event';
import { claimRecordOf, evidenceOf } from '@byline/domain/claims/stored-claims';
import type { ClaimPlace, ClaimRecord, ClaimsUnitOfWrite, HistoryEntry } from '@byline/domain/claims/claims-repository';
import type { ShownHandles } from '@byline/domain/claims/claims-repository';
import { provenHandlesOf, showProvenHandles } from '@byline/domain/claims/proven-handles';
import { releaseClaims as releaseClaimsSteps } from '@byline/domain/claims/release-claims';
import { runInTurn } from '@byline/domain/store/steps';
import { SOCIAL_TYPES, type SocialProfiles, type SocialType } from '@byline/domain/domain/types';
import { chunks, WRITE_CHUNK } from '../store/chunks';
import { isDuplicateKey, writeErrorsOf } from '../store/mongo-errors';
import { withNewIds } from '../store/mongo-ids';
import { COLLECTIONS, collectionOf, type ClaimDoc, type EvidenceDoc } from '../store/mongo-schema';
import { enqueueIn } from '../queue/mongo-leased-queue';
import { recheckItemOf } from '@byline/domain/recheck/recheck-records';
import { insertAudit } from '../store/mongo-verification-records';
import { forgetRenderedInTurn, mongoAnswersUnit } from '../answers/mongo-answers-unit';
import type { AnswersUnit } from '@byline/domain/answers/answers-unit';
import type { Claim, ClaimKind, Evidence, NewEvidence } from '@byline/domain/proofs/claims';
import { claimKey, isNetwork } from '@byline/domain/proofs/claim-values';

/*
 * The claims and evidence collections: the primitive steps of the claims rules (MongoClaimsUnit; the rules
 * themselves, and the order of their single-document writes, are in src/claims), which the claims repository, the
 * portal's profile form, `byline import` and the re-checks run. There are no multi-document transactions
 * (FerretDB 1.x has none): unique indexes decide races (one live claim per profile and key, one profile per
 * lookup key).
 */

/** The value of ClaimDoc.live: one live claim per (profile, kind, key), by a unique index. */
export const liveMark = (profileId: number, kind: ClaimKind, key: string): string => JSON.stringify([profileId, kind, key]);

const toEvidence = (doc: EvidenceDoc): Evidence => evidenceOf(doc._id, doc);

const toRecord = (doc: ClaimDoc): ClaimRecord => claimRecordOf(doc._id, doc);

const toClaim = (doc: ClaimDoc, evidence: Evidence[]): Claim => ({ ...toRecord(doc), evidence });

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

/** The live proven network claims of these profiles, oldest first. */
async function provenNetworkClaims(db: Db, profileIds: number[]): Promise<ClaimRecord[]> {
  const found: ClaimRecord[] = [];
  for (const part of chunks(profileIds)) {
    const docs = collectionOf(db, 'claims')
      .find({ profile_id: { $in: part }, released_at: null, state: 'proven', kind: { $in: [...SOCIAL_TYPES] } })
      .sort({ _id: 1 });
    for await (const doc of docs) found.push(toRecord(doc));
  }
  return found;
}

/** Per profile, the handles its proven claims give it (see provenHandlesOf). */
export async function provenSocialOf(db: Db, profileIds: number[]): Promise<Map<number, SocialProfiles>> {
  return provenHandlesOf(profileIds, await provenNetworkClaims(db, profileIds));
}

/** The profiles' documents show their proven handles again (see showProvenHandles). */
export async function syncProvenHandles(db: Db, profileIds: Iterable<number>): Promise<void> {
  await runInTurn(showProvenHandles(new MongoClaimsUnit(db), profileIds));
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

/** Ends live claims (see releaseClaims in src/claims). The caller re-syncs the profiles (syncProvenHandles). */
export async function releaseClaims(
  db: Db,
  claims: Pick<ClaimDoc, '_id' | 'profile_id' | 'kind' | 'key'>[],
  reason: string,
  now: string,
): Promise<void> {
  const places = claims.map((claim) => ({ id: claim._id, profileId: claim.profile_id, kind: claim.kind, key: claim.key }));
  await runInTurn(releaseClaimsSteps(new MongoClaimsUnit(db), places, reason, now));
}

export async function endLiveEvidence(db: Db, claimIds: number[], reason: string, now: string): Promise<void> {
  await collectionOf(db, 'evidence').updateMany(
    { claim_id: { $in: claimIds }, ended_at: null },
    { $set: { ended_at: now, ended_reason: reason } },
  );
}

export interface WantedClaim {
  profileId: number;
  kind: ClaimKind;
  /** In its normal form. */
  value: string;
  /** Given when the value does not give it (a Bluesky account's DID); claimKey(kind, value) otherwise. */
  key?: string;
}

/**
 * The live claim of each (profile, kind, value's key), inserted `claimed` where there is none, in the order
 * asked. The unique index on ClaimDoc.live keeps concurrent writers to one live claim per key and profile: a
 * duplicate re-plans and finds the other writer's.
 */
export async function ensureClaims(db: Db, wanted: WantedClaim[], now: string): Promise<ClaimDoc[]> {
  const claims = collectionOf(db, 'claims');
  const byMark = new Map<string, ClaimDoc>();
  const keyOf = ({ kind, value, key }: WantedClaim) => key ?? claimKey(kind, value);
  const marks = wanted.map((claim) => liveMark(claim.profileId, claim.kind, keyOf(claim)));
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
            const claim = firstOf.get(mark)!;
            const { profileId, kind, value } = claim;
            return {
              _id: firstId + i,
              profile_id: profileId,
              kind,
              value,
              key: keyOf(claim),
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

const placeOf = ({ profileId, kind, key }: ClaimPlace) => ({ profile_id: profileId, kind, key });

/** The claims rules' primitive steps on MongoDB, each one write (or one batch) awaited in turn (runInTurn). */
export class MongoClaimsUnit implements ClaimsUnitOfWrite {
  readonly answers: AnswersUnit;

  constructor(private readonly db: Db) {
    this.answers = mongoAnswersUnit(db);
  }

  profileExists(profileId: number): Promise<boolean> {
    return profileExists(this.db, profileId);
  }

  async liveClaimsOf(profileId: number): Promise<ClaimRecord[]> {
    return (await liveClaimsOfProfile(this.db, profileId)).map(toRecord);
  }

  async unprovenClaimsOfKeys(kind: ClaimKind, keys: string[]): Promise<ClaimRecord[]> {
    const found: ClaimRecord[] = [];
    for (const part of chunks(keys)) {
      const docs = collectionOf(this.db, 'claims')
        .find({ kind, key: { $in: part }, released_at: null, state: { $ne: 'proven' } })
        .sort({ _id: 1 });
      for await (const doc of docs) found.push(toRecord(doc));
    }
    return found;
  }

  readClaim(claimId: number): Promise<Claim | null> {
    return readClaim(this.db, claimId);
  }

  lookupHolder(type: SocialType, key: string): Promise<number | undefined> {
    return provenHolder(this.db, type, key);
  }

  async ensureClaims(wanted: WantedClaim[], now: string): Promise<ClaimRecord[]> {
    return (await ensureClaims(this.db, wanted, now)).map(toRecord);
  }

  async setUnprovenValue(claimId: number, value: string, now: string): Promise<void> {
    await collectionOf(this.db, 'claims').updateOne(
      { _id: claimId, state: { $ne: 'proven' } },
      { $set: { value, updated_at: now } },
    );
  }

  async addEvidence(claimId: number, evidence: NewEvidence, now: string): Promise<number> {
    return (await insertEvidence(this.db, [{ claimId, evidence }], now))[0]!;
  }

  async scheduleRecheck(evidenceId: number, dueAt: string): Promise<void> {
    const item = recheckItemOf({ id: evidenceId, nextCheckAt: dueAt, endedAt: null });
    if (item) await enqueueIn(this.db, item);
  }

  endEvidence(claimIds: number[], reason: string, now: string): Promise<void> {
    return endLiveEvidence(this.db, claimIds, reason, now);
  }

  takeOutOfService(profileIds: number[]): Promise<void> {
    return forgetRenderedInTurn(this.db, profileIds);
  }

  async markProven(claimId: number, value: string, now: string): Promise<boolean> {
    const set = await collectionOf(this.db, 'claims').updateOne(
      { _id: claimId, released_at: null },
      { $set: { state: 'proven', value, updated_at: now } },
    );
    return set.matchedCount > 0;
  }

  async markReleased(claimIds: number[], reason: string, now: string): Promise<void> {
    for (const part of chunks(claimIds)) {
      await collectionOf(this.db, 'claims').updateMany(
        { _id: { $in: part }, released_at: null },
        { $set: { released_at: now, released_reason: reason, updated_at: now }, $unset: { live: '' } },
      );
    }
  }

  enterLookup(claim: ClaimPlace): Promise<number | null> {
    return enterLookup(this.db, placeOf(claim));
  }

  leaveLookup(claims: ClaimPlace[]): Promise<void> {
    return leaveLookup(this.db, claims.map(placeOf));
  }

  provenNetworkClaims(profileIds: number[]): Promise<ClaimRecord[]> {
    return provenNetworkClaims(this.db, profileIds);
  }

  async shownHandlesOf(profileIds: number[]): Promise<Map<number, ShownHandles>> {
    const shown = new Map<number, ShownHandles>();
    for (const part of chunks(profileIds)) {
      const docs = collectionOf(this.db, 'profiles').find(
        { _id: { $in: part } },
        { projection: { 'profile.profile_social_profiles': 1, slug: 1, verified: 1 } },
      );
      for await (const doc of docs) {
        shown.set(doc._id, { handles: doc.profile.profile_social_profiles ?? {}, slug: doc.slug, verified: doc.verified });
      }
    }
    return shown;
  }

  /** The events ride on each profile's own document update (see mongo-carried-events.ts). */
  async showHandles(shown: Map<number, { handles: SocialProfiles; events: WebhookEvent[] }>): Promise<void> {
    const updates = [...shown].map(([id, { handles, events }]) => {
      const update = { $set: { 'profile.profile_social_profiles': handles }, ...(events.length ? pushEvents(events) : {}) };
      return { updateOne: { filter: { _id: id }, update } };
    });
    for (const batch of chunks(updates, WRITE_CHUNK))
      await collectionOf(this.db, 'profiles').bulkWrite(batch, { ordered: false });
  }

  appendHistory({ profileId, actor, action, note }: HistoryEntry, now: string): Promise<void> {
    return insertAudit(this.db, { profile_id: profileId, actor, action, note, at: now });
  }
}

import type { Db } from 'mongodb';
import { pushEvents } from '../webhook-events/mongo-carried-events';
import type { ShownHandles } from '@byline/domain/claims/claims-repository';
import { claimsUnitOver, liveMark, type ClaimDocuments, type DocumentClaimsUnit } from '@byline/domain/claims/claim-documents';
import type { SocialType } from '@byline/domain/domain/types';
import { chunks, WRITE_CHUNK } from '../store/chunks';
import { isDuplicateKey, writeErrorsOf } from '../store/mongo-errors';
import { withNewIds } from '../store/mongo-ids';
import { COLLECTIONS, collectionOf, type ClaimDoc, type EvidenceDoc } from '../store/mongo-schema';
import { enqueueIn } from '../queue/mongo-leased-queue';
import { recheckItemOf } from '@byline/domain/recheck/recheck-records';
import { mongoAnswersUnit } from '../answers/mongo-answers-unit';
import type { ClaimKind, NewEvidence } from '@byline/domain/proofs/claims';
import { claimKey, isNetwork } from '@byline/domain/proofs/claim-values';
import { MongoDocuments } from '../documents/mongo-documents';
import { inTurn, type MongoDatabase } from '../store/mongo-database';
import { AUDIT_COLLECTION } from '../audit/mongo-audit-history';
import { CLAIMS_COLLECTION, EVIDENCE_COLLECTION } from './mongo-claim-collections';
import { PROFILES_COLLECTION } from '../profiles/mongo-profiles-collection';

/*
 * What MongoDB keeps of the claims unit by hand (see StoredClaimsUnit): the handle lookup index the verifiers read,
 * the profiles' documents, and the batched writes of an import and of the claims' data step (FerretDB 1.x updates
 * documents one by one). The claims, their proofs and the history are the generic documents' (claimsUnitOver).
 * There are no multi-document transactions: unique indexes decide races (one live claim per profile and key, one
 * profile per lookup key).
 */

/** The claims' documents, as steps each awaited in turn by the unit that runs them. */
export function claimDocumentsOf(database: MongoDatabase): ClaimDocuments {
  return {
    claims: new MongoDocuments(database, CLAIMS_COLLECTION).steps,
    evidence: new MongoDocuments(database, EVIDENCE_COLLECTION).steps,
    history: new MongoDocuments(database, AUDIT_COLLECTION).steps,
    profiles: new MongoDocuments(database, PROFILES_COLLECTION).steps,
  };
}

/** Who holds this network key proven, if anyone. */
async function provenHolder(db: Db, type: SocialType, key: string): Promise<number | undefined> {
  const held = await collectionOf(db, 'handles').findOne(
    { social_type: type, handle_key: key },
    { projection: { profile_id: 1 } },
  );
  return held?.profile_id;
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
async function enterLookup(db: Db, claim: Pick<ClaimDoc, 'profile_id' | 'kind' | 'key'>): Promise<number | null> {
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

/** The claims rules' primitive steps on MongoDB, each one write (or one batch) awaited in turn (runInTurn). */
export function mongoClaimsUnit(db: Db): DocumentClaimsUnit {
  return claimsUnitOver(claimDocumentsOf(inTurn(db)), {
    answers: mongoAnswersUnit(db),
    lookupHolder: (type, key) => provenHolder(db, type, key),
    enterLookup: ({ profileId, kind, key }) => enterLookup(db, { profile_id: profileId, kind, key }),
    async leaveLookup(claims) {
      const deletes = claims
        .filter((claim) => isNetwork(claim.kind))
        .map(({ profileId, kind, key }) => ({
          deleteOne: { filter: { social_type: kind as SocialType, handle_key: key, profile_id: profileId } },
        }));
      for (const batch of chunks(deletes, WRITE_CHUNK)) await collectionOf(db, 'handles').bulkWrite(batch, { ordered: false });
    },
    async scheduleRecheck(evidenceId, dueAt) {
      const item = recheckItemOf({ id: evidenceId, nextCheckAt: dueAt, endedAt: null });
      if (item) await enqueueIn(db, item);
    },
    async shownHandlesOf(profileIds) {
      const shown = new Map<number, ShownHandles>();
      for (const part of chunks(profileIds)) {
        const docs = collectionOf(db, 'profiles').find(
          { _id: { $in: part } },
          { projection: { 'profile.profile_social_profiles': 1, slug: 1, verified: 1 } },
        );
        for await (const doc of docs) {
          shown.set(doc._id, { handles: doc.profile.profile_social_profiles ?? {}, slug: doc.slug, verified: doc.verified });
        }
      }
      return shown;
    },
    /** The events ride on each profile's own document update (see mongo-carried-events.ts). */
    async showHandles(shown) {
      const updates = [...shown].map(([id, { handles, events }]) => {
        const update = { $set: { 'profile.profile_social_profiles': handles }, ...(events.length ? pushEvents(events) : {}) };
        return { updateOne: { filter: { _id: id }, update } };
      });
      for (const batch of chunks(updates, WRITE_CHUNK)) await collectionOf(db, 'profiles').bulkWrite(batch, { ordered: false });
    },
  });
}

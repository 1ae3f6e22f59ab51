import type { DocumentSteps } from '../documents/documents';
import { unlessTaken } from '../documents/unless-taken';
import type { AuditRecord } from '../audit/audit-repository';
import type { ProfileDocument } from '../profiles/profile-documents';
import { SOCIAL_TYPES } from '../domain/types';
import { claimKey } from '../proofs/claim-values';
import type { Claim, ClaimKind, Evidence, NewEvidence } from '../proofs/claims';
import { mapStep, step, stepOf, type Step, type Steps } from '../store/steps';
import type { ClaimRecord, ClaimsUnitOfWrite } from './claims-repository';
import type { RecheckUnitOfWrite } from '../recheck/recheck-unit';

/**
 * A claim as the generic document port stores it. `live` names a live claim by its profile and key (see liveMark):
 * MongoDB keeps one live claim per profile and key by a unique index over it, and unsets it on release; SQLite keeps
 * none (a partial unique index does the same there).
 */
export interface ClaimDocument extends ClaimRecord {
  live: string | null;
}

/** A proof as the generic document port stores it: its provider in two fields. */
export interface EvidenceDocument extends Omit<Evidence, 'provider'> {
  providerId: string;
  providerName: string;
}

/** The claims, their proofs, the profiles' history and the profiles read, as steps of the unit of write they are in. */
export interface ClaimDocuments {
  claims: DocumentSteps<ClaimDocument, Omit<ClaimDocument, 'id'>>;
  evidence: DocumentSteps<EvidenceDocument, Omit<EvidenceDocument, 'id'>>;
  history: DocumentSteps<AuditRecord, Omit<AuditRecord, 'id'>>;
  profiles: DocumentSteps<ProfileDocument>;
}

/**
 * What each database keeps of the claims unit by hand: the profiles' documents (the handles one shows), the handle lookup index the verifiers read, the re-check queue,
 * and the answers' unit in the same write.
 */
export type StoredClaimsUnit = Pick<
  ClaimsUnitOfWrite,
  'lookupHolder' | 'enterLookup' | 'leaveLookup' | 'shownHandlesOf' | 'showHandles' | 'scheduleRecheck' | 'answers'
>;

/** The claims unit, with what the re-checks read and write of it besides (see RecheckUnitOfWrite). */
export interface DocumentClaimsUnit extends ClaimsUnitOfWrite, Pick<RecheckUnitOfWrite, 'ownerOfClaim' | 'writeCheck'> {
  readEvidence(evidenceId: number): Step<Evidence | null>;
  /** Sets a live claim's state (a released one stays as it is). */
  setLiveClaimState(claimId: number, state: Claim['state'], now: string): Step<void>;
}

/** The value of a live claim's `live`: one live claim per (profile, kind, key). */
export const liveMark = (profileId: number, kind: ClaimKind, key: string): string => JSON.stringify([profileId, kind, key]);

/** How many keys or ids one read or write names (MongoDB's `$in` lists are kept short). */
const BATCH = 500;

const recordOf = ({ live: _live, ...record }: ClaimDocument): ClaimRecord => record;

export const evidenceOfDocument = ({ providerId, providerName, ...document }: EvidenceDocument): Evidence => ({
  id: document.id,
  claimId: document.claimId,
  method: document.method,
  provider: { id: providerId, name: providerName },
  provenValue: document.provenValue,
  subject: document.subject,
  verifiedAt: document.verifiedAt,
  lastCheckedAt: document.lastCheckedAt,
  by: document.by,
  note: document.note,
  nextCheckAt: document.nextCheckAt,
  failingSince: document.failingSince,
  lastFailure: document.lastFailure,
  endedAt: document.endedAt,
  endedReason: document.endedReason,
});

/** A new proof's document, stamped `now`, in the order its fields are stored. */
const newEvidence = (claimId: number, evidence: NewEvidence, now: string): Omit<EvidenceDocument, 'id'> => ({
  claimId,
  method: evidence.method,
  providerId: evidence.provider.id,
  providerName: evidence.provider.name,
  provenValue: evidence.provenValue,
  subject: evidence.subject ?? null,
  verifiedAt: now,
  lastCheckedAt: now,
  by: evidence.by,
  note: evidence.note ?? null,
  nextCheckAt: evidence.nextCheckAt ?? null,
  failingSince: null,
  lastFailure: null,
  endedAt: null,
  endedReason: null,
});

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

function* eachBatch<T>(items: readonly T[], each: (part: T[]) => Step<unknown>): Steps<void> {
  for (let i = 0; i < items.length; i += BATCH) yield* step(each(items.slice(i, i + BATCH)));
}

function* inBatches<T, U>(items: readonly T[], read: (part: T[]) => Step<U[]>): Steps<U[]> {
  const found: U[] = [];
  yield* eachBatch(items, (part) => mapStep(read(part), (some) => void found.push(...some)));
  return found;
}

/** The claims with all their proofs, each oldest first. */
function* withEvidence({ evidence }: ClaimDocuments, claims: ClaimDocument[]): Steps<Claim[]> {
  const byClaim = new Map<number, Evidence[]>(claims.map((claim) => [claim.id, []]));
  const proofs = yield* inBatches([...byClaim.keys()], (ids) => evidence.all({ claimId: { in: ids } }));
  for (const proof of proofs.sort(byId)) byClaim.get(proof.claimId)!.push(evidenceOfDocument(proof));
  return claims.map((claim) => ({ ...recordOf(claim), evidence: byClaim.get(claim.id)! }));
}

/** Every claim of the profile, live first then released, each oldest first, with all their proofs. */
export function* claimsOfSteps(documents: ClaimDocuments, profileId: number): Steps<Claim[]> {
  const claims = yield* step(documents.claims.all({ profileId }));
  const live = claims.filter((claim) => claim.releasedAt === null);
  return yield* withEvidence(documents, [...live, ...claims.filter((claim) => claim.releasedAt !== null)]);
}

/** The live claims of this key on any profile, oldest first, with all their proofs. */
export function* claimsOfKeySteps(documents: ClaimDocuments, kind: ClaimKind, key: string): Steps<Claim[]> {
  return yield* withEvidence(documents, yield* step(documents.claims.all({ kind, key, releasedAt: null })));
}

/**
 * The claims unit of write (see ClaimsUnitOfWrite), its claims, proofs and history written once over the generic
 * documents' steps, in the unit the database holds; the rest is the database's own (StoredClaimsUnit).
 */
export function claimsUnitOver(documents: ClaimDocuments, stored: StoredClaimsUnit): DocumentClaimsUnit {
  return { ...stored, ...claimDocumentsUnit(documents) };
}

/**
 * The claims unit less the database's own parts: what is written over the documents alone, which a read over a
 * database's Documents (each call its own read or write) may use too.
 */
export function claimDocumentsUnit(documents: ClaimDocuments): Omit<DocumentClaimsUnit, keyof StoredClaimsUnit> {
  const { claims, evidence, history } = documents;

  function* ensureClaim(
    profileId: number,
    kind: ClaimKind,
    value: string,
    given: string | undefined,
    now: string,
  ): Steps<ClaimRecord> {
    const key = given ?? claimKey(kind, value);
    const live = { profileId, kind, key, releasedAt: null };
    const found = yield* step(claims.first(live));
    if (found) return recordOf(found);
    const claim = {
      profileId,
      kind,
      value,
      key,
      state: 'claimed' as const,
      createdAt: now,
      updatedAt: now,
      releasedAt: null,
      releasedReason: null,
      live: liveMark(profileId, kind, key),
    };
    // Another writer's claim went in first (MongoDB's unique index on `live`): that one is the live claim.
    const made = yield* step(
      unlessTaken(
        () => claims.insert(claim),
        () => claims.first(live),
      ),
    );
    if (!made) throw new Error(`the ${kind} claim ${key} of profile ${profileId} kept changing`);
    return recordOf(made);
  }

  function* readClaim(claimId: number): Steps<Claim | null> {
    const claim = yield* step(claims.first({ id: claimId }));
    return claim ? (yield* withEvidence(documents, [claim]))[0]! : null;
  }

  return {
    profileExists: (profileId) => mapStep(documents.profiles.count({ id: profileId }), (found) => found > 0),
    liveClaimsOf: (profileId) => mapStep(claims.all({ profileId, releasedAt: null }), (live) => live.map(recordOf)),
    unprovenClaimsOfKeys: (kind, keys) =>
      stepOf(
        (function* () {
          const unproven = { kind, releasedAt: null, state: { ne: 'proven' as const } };
          const found = yield* inBatches(keys, (part) => claims.all({ ...unproven, key: { in: part } }));
          return found.sort(byId).map(recordOf);
        })(),
      ),
    readClaim: (claimId) => stepOf(readClaim(claimId)),
    ownerOfClaim: (claimId) => mapStep(claims.first({ id: claimId }), (claim) => claim?.profileId ?? null),
    writeCheck: (evidenceId, { lastCheckedAt, failingSince, lastFailure, nextCheckAt, endedAt, endedReason }) => {
      const checked = { lastCheckedAt, failingSince, lastFailure, nextCheckAt, endedAt, endedReason };
      // Only while live: the condition and the write are one statement.
      return mapStep(evidence.updateAll({ id: evidenceId, endedAt: null }, checked), (matched) => matched > 0);
    },
    readEvidence: (evidenceId) =>
      mapStep(evidence.first({ id: evidenceId }), (found) => (found ? evidenceOfDocument(found) : null)),
    ensureClaims: (wanted, now) =>
      stepOf(
        (function* () {
          const made: ClaimRecord[] = [];
          for (const { profileId, kind, value, key } of wanted) {
            made.push(yield* ensureClaim(profileId, kind, value, key, now));
          }
          return made;
        })(),
      ),
    // One document, by its id, written while the condition holds (updateAll: one statement, nothing read first).
    setUnprovenValue: (claimId, value, now) =>
      mapStep(claims.updateAll({ id: claimId, state: { ne: 'proven' } }, { value, updatedAt: now }), () => undefined),
    setLiveClaimState: (claimId, state, now) =>
      mapStep(claims.updateAll({ id: claimId, releasedAt: null }, { state, updatedAt: now }), () => undefined),
    addEvidence: (claimId, proof, now) => mapStep(evidence.insert(newEvidence(claimId, proof, now)), ({ id }) => id),
    endEvidence: (claimIds, reason, now) =>
      stepOf(
        eachBatch(claimIds, (ids) =>
          evidence.updateAll({ claimId: { in: ids }, endedAt: null }, { endedAt: now, endedReason: reason }),
        ),
      ),
    markProven: (claimId, value, now) =>
      mapStep(
        claims.updateAll({ id: claimId, releasedAt: null }, { state: 'proven', value, updatedAt: now }),
        (matched) => matched > 0,
      ),
    markReleased: (claimIds, reason, now) => {
      // Released, a claim leaves MongoDB's unique index of live ones: another live claim of its key may follow.
      const released = { releasedAt: now, releasedReason: reason, updatedAt: now, live: null };
      return stepOf(eachBatch(claimIds, (ids) => claims.updateAll({ id: { in: ids }, releasedAt: null }, released)));
    },
    provenNetworkClaims: (profileIds) =>
      stepOf(
        (function* () {
          const proven = { releasedAt: null, state: 'proven' as const, kind: { in: [...SOCIAL_TYPES] } };
          const found = yield* inBatches(profileIds, (ids) => claims.all({ ...proven, profileId: { in: ids } }));
          return found.sort(byId).map(recordOf);
        })(),
      ),
    appendHistory: ({ profileId, actor, action, note }, now) =>
      mapStep(history.insert({ profileId, actor, action, note, at: now }), () => undefined),
  };
}

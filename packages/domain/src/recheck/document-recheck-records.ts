import type { Documents } from '../documents/documents';
import { claimDocumentsUnit, type ClaimDocuments, type DocumentClaimsUnit } from '../claims/claim-documents';
import type { DueCheck } from '../proofs/claim-store';
import { mapStep, runInTurn, step, type Steps } from '../store/steps';
import { openRequestOver } from '../verification/document-verification';
import type { RequestDocument } from '../verification/verification-documents';
import type { RecheckRecordsStore } from './recheck-store';
import type { RecheckUnitOfWrite } from './recheck-unit';

/**
 * What each database keeps of the re-check's unit of write by hand: the queue's and the answers' parts, and the
 * claims' unit, whose proofs and claims the check reads and writes.
 */
export type RecheckStoredUnit = Omit<
  RecheckUnitOfWrite,
  'openRequest' | 'evidence' | 'ownerOfClaim' | 'writeCheck' | 'setLiveClaimState' | 'claims'
> & { claims: DocumentClaimsUnit };

/** One unit of write for the rule (recheck-changes.ts), with the database's own parts. */
export interface StoredRecheckRecords {
  inOneWrite<T>(steps: (unit: RecheckStoredUnit) => Steps<T>): Promise<T>;
}

/**
 * The re-check records with the verification request a lapse opens written as the editors' queue writes it
 * (openRequestOver: unless one is pending), over the same documents, in the check's unit of write.
 */
export class DocumentRecheckRecords implements RecheckRecordsStore {
  constructor(
    private readonly requests: Documents<RequestDocument, Omit<RequestDocument, 'id'>>,
    /** A database's Documents (each call its own read or write: no transaction), as the proof to check is read. */
    private readonly documents: ClaimDocuments,
    private readonly stored: StoredRecheckRecords,
  ) {}

  /** The live proof with its claim and the claim's profile's slug; null once the proof has ended. */
  proofToCheck(evidenceId: number, now: Date): Promise<DueCheck | null> {
    return runInTurn(proofToCheck(this.documents, evidenceId, now));
  }

  inOneWrite<T>(steps: (unit: RecheckUnitOfWrite) => Steps<T>): Promise<T> {
    return this.stored.inOneWrite((unit) => {
      const open = openRequestOver(this.requests.steps);
      const { claims } = unit;
      return steps({
        ...unit,
        evidence: (evidenceId) => claims.readEvidence(evidenceId),
        ownerOfClaim: (claimId) => claims.ownerOfClaim(claimId),
        writeCheck: (evidenceId, fields) => claims.writeCheck(evidenceId, fields),
        setLiveClaimState: (claimId, state, now) => claims.setLiveClaimState(claimId, state, now),
        openRequest: (profileId, actor, now) => mapStep(open(profileId, actor, now), () => undefined),
      });
    });
  }
}

function* proofToCheck(documents: ClaimDocuments, evidenceId: number, now: Date): Steps<DueCheck | null> {
  const claims = claimDocumentsUnit(documents);
  const evidence = yield* step(claims.readEvidence(evidenceId));
  if (!evidence || evidence.endedAt !== null) return null;
  const claim = yield* step(claims.readClaim(evidence.claimId));
  if (!claim || claim.releasedAt !== null) {
    // A release interrupted before it ended this proof (see releaseClaims in src/claims): finished here. Only
    // MongoDB, with no transactions, leaves one so; SQLite's release ends the proofs in its own transaction.
    const reason = claim?.releasedReason ?? 'Its claim no longer exists.';
    yield* step(claims.endEvidence([evidence.claimId], reason, now.toISOString()));
    return null;
  }
  const profile = yield* step(documents.profiles.first({ id: claim.profileId }));
  return { evidence, claim, profileSlug: profile?.slug ?? '' };
}

import type { Documents } from '../documents/documents';
import type { ProfileDocument } from '../profiles/profile-documents';
import type { DocumentClaimsUnit } from '../claims/claim-documents';
import type { DueCheck } from '../proofs/claim-store';
import { mapStep, step, type Steps } from '../store/steps';
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

/** The claims' unit to read a proof to check with, and one unit of write for the rule (recheck-changes.ts). */
export interface StoredRecheckRecords {
  /**
   * Runs the steps over the claims' unit as a read: on SQLite outside a transaction (each statement sees what is
   * committed), on MongoDB awaited in turn.
   */
  reading<T>(steps: (claims: DocumentClaimsUnit) => Steps<T>): Promise<T>;
  inOneWrite<T>(steps: (unit: RecheckStoredUnit) => Steps<T>): Promise<T>;
}

/**
 * The re-check records with the verification request a lapse opens written as the editors' queue writes it
 * (openRequestOver: unless one is pending), over the same documents, in the check's unit of write.
 */
export class DocumentRecheckRecords implements RecheckRecordsStore {
  constructor(
    private readonly requests: Documents<RequestDocument, Omit<RequestDocument, 'id'>>,
    private readonly profiles: Documents<ProfileDocument>,
    private readonly stored: StoredRecheckRecords,
  ) {}

  /** The live proof with its claim and the claim's profile's slug; null once the proof has ended. */
  proofToCheck(evidenceId: number, now: Date): Promise<DueCheck | null> {
    const profiles = this.profiles.steps;
    return this.stored.reading(function* (claims): Steps<DueCheck | null> {
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
      const profile = yield* step(profiles.first({ id: claim.profileId }));
      return { evidence, claim, profileSlug: profile?.slug ?? '' };
    });
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

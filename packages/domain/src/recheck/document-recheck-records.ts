import type { Documents } from '../documents/documents';
import type { DocumentClaimsUnit } from '../claims/claim-documents';
import type { DueCheck } from '../proofs/claim-store';
import { mapStep, type Steps } from '../store/steps';
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

/** The re-check records' reads, and one unit of write for the rule (recheck-changes.ts) with the database's parts. */
export interface StoredRecheckRecords {
  proofToCheck(evidenceId: number, now: Date): Promise<DueCheck | null>;
  inOneWrite<T>(steps: (unit: RecheckStoredUnit) => Steps<T>): Promise<T>;
}

/**
 * The re-check records with the verification request a lapse opens written as the editors' queue writes it
 * (openRequestOver: unless one is pending), over the same documents, in the check's unit of write.
 */
export class DocumentRecheckRecords implements RecheckRecordsStore {
  constructor(
    private readonly requests: Documents<RequestDocument, Omit<RequestDocument, 'id'>>,
    private readonly stored: StoredRecheckRecords,
  ) {}

  proofToCheck(evidenceId: number, now: Date): Promise<DueCheck | null> {
    return this.stored.proofToCheck(evidenceId, now);
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

import type { AuditRecord } from '../audit/audit-repository';
import type { DocumentSteps } from '../documents/documents';
import type { ProfileDocument } from '../profiles/profile-documents';
import { mapStep, type Steps } from '../store/steps';
import type { VerificationRequest } from './verification-repository';
import type { VerificationUnitOfWrite } from './verification-unit';

/**
 * A verification request as the generic document port stores it. `openFor` is MongoDB's: the profile's id while the
 * request is pending, minus the request's own id once closed, so that its unique index allows one pending request
 * per profile (FerretDB 1.x has no partial indexes); SQLite keeps none of it, its partial unique index doing the same.
 */
export type RequestDocument = VerificationRequest & { openFor: number | null };

/**
 * An audit record as a closing writes it: MongoDB keeps `closing` (`withdrawn:REQUEST_ID`) on the record that closes
 * a request, unique, so that of two concurrent closings one is recorded; SQLite keeps none (its transaction decides).
 */
export type ClosingAuditDocument = AuditRecord & { closing: string | null };

/** What each database keeps of the editors' queue by hand: the answers' part of the same write. */
export type VerificationStoredUnit = Pick<VerificationUnitOfWrite, 'answers'>;

/** Runs the editors' rules as one unit of write (see documents.ts's UnitOfWrite) with the database's own parts. */
export interface StoredVerification {
  inOneWrite<T>(steps: (unit: VerificationStoredUnit) => Steps<T>): Promise<T>;
}

export const asRequest = ({ openFor: _openFor, ...request }: RequestDocument): VerificationRequest => request;

export type RequestSteps = DocumentSteps<RequestDocument, Omit<RequestDocument, 'id'>>;

/**
 * The profile's pending request. One per profile: SQLite's partial unique index keeps it so, MongoDB's unique
 * `openFor`, which holds the profile's id exactly while the request is pending.
 */
export const pendingRequestOver =
  (requests: RequestSteps): VerificationUnitOfWrite['pendingRequest'] =>
  (profileId) =>
    mapStep(requests.first({ profileId, status: 'pending' }), (found) => found && asRequest(found));

/**
 * The profile's verified flag, with its event in the same write, only when it changes (SQLite's table writes the
 * flag's copy inside the profile's document with it).
 */
export const writeVerifiedOver =
  (profiles: DocumentSteps<ProfileDocument>): VerificationUnitOfWrite['writeVerified'] =>
  (profileId, verified, event) =>
    mapStep(profiles.updateFirst({ id: profileId, verified: { ne: verified } }, { verified }, [event]), () => undefined);

/** The profile's slug and verified flag, read from its document. */
export const profileStateOver =
  (profiles: DocumentSteps<ProfileDocument>): VerificationUnitOfWrite['profile'] =>
  (profileId) =>
    mapStep(profiles.first({ id: profileId }), (found) => found && { slug: found.slug, verified: found.verified });

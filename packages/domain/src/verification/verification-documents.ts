import type { AuditRecord } from '../audit/audit-repository';
import type { Steps } from '../store/steps';
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

/**
 * What each database keeps of the editors' queue by hand: the profile's flag (on SQLite with its copy in the
 * profile's document), a profile's pending request (the lookup its unique pending index serves), and the answers'
 * part of the same write.
 */
export type VerificationStoredUnit = Pick<
  VerificationUnitOfWrite,
  'profile' | 'pendingRequest' | 'writeVerified' | 'takeOutOfService' | 'answers'
>;

/** Runs the editors' rules as one unit of write (see documents.ts's UnitOfWrite) with the database's own parts. */
export interface StoredVerification {
  inOneWrite<T>(steps: (unit: VerificationStoredUnit) => Steps<T>): Promise<T>;
  pendingOf(profileId: number): Promise<VerificationRequest | null>;
}

export const asRequest = ({ openFor: _openFor, ...request }: RequestDocument): VerificationRequest => request;

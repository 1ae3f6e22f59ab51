import { REQUEST_FIELDS } from '@byline/domain/verification/verification-fields';
import type { ClosingAuditDocument, RequestDocument } from '@byline/domain/verification/verification-documents';
import { type MongoCollection, numberedCollection } from '../documents/mongo-documents';
import { AUDIT_COLLECTION } from '../audit/mongo-audit-history';

/** Requests in the verification_requests collection (unique index: open_for, one pending request per profile). */
export const REQUESTS_COLLECTION = numberedCollection<RequestDocument>('verificationRequests', REQUEST_FIELDS, {
  unique: ['openFor'],
});

/** The verification history with a closing's key, which only the record that closes a request carries (unique). */
export const CLOSING_AUDIT_COLLECTION: MongoCollection<ClosingAuditDocument> = {
  ...AUDIT_COLLECTION,
  fields: { ...AUDIT_COLLECTION.fields, closing: 'closing' },
  unique: ['closing'],
  unsetWhenNull: ['closing'],
};

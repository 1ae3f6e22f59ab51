import { REQUEST_FIELDS } from '@byline/domain/verification/verification-fields';
import type { ClosingAuditDocument, RequestDocument } from '@byline/domain/verification/verification-documents';
import { type SqliteTable, numberedTable } from '../documents/sqlite-documents';
import { AUDIT_TABLE } from '../audit/sqlite-audit-history';

/** Requests in the verification_requests table; its partial unique index keeps one pending per profile. */
export const REQUESTS_TABLE = numberedTable<RequestDocument>('verification_requests', REQUEST_FIELDS, {
  names: { openFor: null },
});

/** The verification history as the queue's closings write it: the transaction decides between two, no key needed. */
export const CLOSING_AUDIT_TABLE: SqliteTable<ClosingAuditDocument> = {
  ...AUDIT_TABLE,
  columns: { ...AUDIT_TABLE.columns, closing: null },
};

import { REQUEST_FIELDS } from '@byline/domain/verification/verification-fields';
import { storedNames } from '@byline/domain/documents/stored-names';
import type { ClosingAuditDocument, RequestDocument } from '@byline/domain/verification/verification-documents';
import type { SqliteTable } from '../documents/sqlite-documents';
import { AUDIT_TABLE } from '../audit/sqlite-audit-history';

/** Requests in the verification_requests table; its partial unique index keeps one pending per profile. */
export const REQUESTS_TABLE: SqliteTable<RequestDocument> = {
  name: 'verification_requests',
  columns: storedNames(REQUEST_FIELDS, { openFor: null }),
  key: 'id',
  generatedKey: true,
};

/** The verification history as the queue's closings write it: the transaction decides between two, no key needed. */
export const CLOSING_AUDIT_TABLE: SqliteTable<ClosingAuditDocument> = {
  ...AUDIT_TABLE,
  columns: { ...AUDIT_TABLE.columns, closing: null },
};

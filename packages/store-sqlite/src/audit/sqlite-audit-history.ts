import { AUDIT_FIELDS } from '@byline/domain/audit/audit-fields';
import { storedNames } from '@byline/domain/documents/stored-names';
import type { AuditRecord } from '@byline/domain/audit/audit-repository';
import type { SqliteTable } from '../documents/sqlite-documents';

/** The verification history in the embedded store's verification_audit table. */
export const AUDIT_TABLE: SqliteTable<AuditRecord> = {
  name: 'verification_audit',
  columns: storedNames(AUDIT_FIELDS),
  key: 'id',
  generatedKey: true,
};

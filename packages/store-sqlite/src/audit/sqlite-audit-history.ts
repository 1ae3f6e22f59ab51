import { AUDIT_FIELDS } from '@byline/domain/audit/audit-fields';
import type { AuditRecord } from '@byline/domain/audit/audit-repository';
import { numberedTable } from '../documents/sqlite-documents';

/** The verification history in the embedded store's verification_audit table. */
export const AUDIT_TABLE = numberedTable<AuditRecord>('verification_audit', AUDIT_FIELDS);

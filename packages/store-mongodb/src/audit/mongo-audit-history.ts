import { AUDIT_FIELDS } from '@byline/domain/audit/audit-fields';
import type { AuditRecord } from '@byline/domain/audit/audit-repository';
import { numberedCollection } from '../documents/mongo-documents';

/** The verification history in the verification_audit collection. */
export const AUDIT_COLLECTION = numberedCollection<AuditRecord>('audit', AUDIT_FIELDS);

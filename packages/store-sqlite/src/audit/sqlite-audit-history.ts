import type { AuditRecord } from '@byline/domain/audit/audit-repository';
import type { SqliteTable } from '../documents/sqlite-documents';

/** The verification history in the embedded store's verification_audit table. */
export const AUDIT_TABLE: SqliteTable<AuditRecord> = {
  name: 'verification_audit',
  columns: { id: 'id', profileId: 'profile_id', actor: 'actor', action: 'action', note: 'note', at: 'at' },
  key: 'id',
  generatedKey: true,
};

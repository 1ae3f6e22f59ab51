import type { AuditRecord } from '@byline/domain/audit/audit-repository';
import type { MongoCollection } from '../documents/mongo-documents';

/** The verification history in the verification_audit collection. */
export const AUDIT_COLLECTION: MongoCollection<AuditRecord> = {
  name: 'audit',
  fields: { id: '_id', profileId: 'profile_id', actor: 'actor', action: 'action', note: 'note', at: 'at' },
  key: 'id',
  generatedKey: true,
};

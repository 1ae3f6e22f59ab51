import { AUDIT_FIELDS } from '@byline/domain/audit/audit-fields';
import { storedNames } from '@byline/domain/documents/stored-names';
import type { AuditRecord } from '@byline/domain/audit/audit-repository';
import type { MongoCollection } from '../documents/mongo-documents';

/** The verification history in the verification_audit collection. */
export const AUDIT_COLLECTION: MongoCollection<AuditRecord> = {
  name: 'audit',
  fields: storedNames(AUDIT_FIELDS, { id: '_id' }),
  key: 'id',
  generatedKey: true,
};

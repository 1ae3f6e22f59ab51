import { fieldsOf } from '../documents/stored-names';
import type { AuditRecord } from './audit-repository';

/** The fields of a verification history's record, as both stores keep them (see stored-names.ts). */
export const AUDIT_FIELDS = fieldsOf<AuditRecord>()(['id', 'profileId', 'actor', 'action', 'note', 'at']);

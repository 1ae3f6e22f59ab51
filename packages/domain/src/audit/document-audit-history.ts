import type { Documents } from '../documents/documents';
import type { AuditHistory, AuditLogPage, AuditLogQuery, AuditRecord, NewAuditRecord } from './audit-repository';

/** The verification history, written once over the generic document port; ids are the store's, in order of writing. */
export class DocumentAuditHistory implements AuditHistory {
  constructor(private readonly records: Documents<AuditRecord, Omit<AuditRecord, 'id'>>) {}

  async record(entry: NewAuditRecord, at: Date): Promise<void> {
    await this.records.insert({ ...entry, at: at.toISOString() });
  }

  historyOf(profileId: number): Promise<AuditRecord[]> {
    return this.records.all({ profileId }, { newestFirst: true });
  }

  async log({ actor, action, limit, offset }: AuditLogQuery): Promise<AuditLogPage> {
    // Only the filters given: an absent one is no condition.
    const where = { ...(actor !== undefined && { actor }), ...(action !== undefined && { action }) };
    const [records, total] = await Promise.all([
      this.records.all(where, { newestFirst: true, limit, offset }),
      this.records.count(where),
    ]);
    return { records, total };
  }
}

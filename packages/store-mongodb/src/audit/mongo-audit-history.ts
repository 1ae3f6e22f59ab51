import type { MongoDatabase } from '../store/mongo-database';
import { collectionOf, type AuditDoc } from '../store/mongo-schema';
import { insertAudit } from '../store/mongo-verification-records';
import type { Filter } from 'mongodb';
import type {
  AuditHistory,
  AuditLogPage,
  AuditLogQuery,
  AuditRecord,
  NewAuditRecord,
} from '@byline/domain/audit/audit-repository';

const toAudit = (doc: AuditDoc): AuditRecord => ({
  id: doc._id,
  profileId: doc.profile_id,
  actor: doc.actor,
  action: doc.action,
  note: doc.note,
  at: doc.at,
});

/** The verification history in the verification_audit collection. */
export class MongoAuditHistory implements AuditHistory {
  constructor(private readonly database: MongoDatabase) {}

  record({ profileId, actor, action, note }: NewAuditRecord, at: Date): Promise<void> {
    return this.database.run(() =>
      insertAudit(this.database.db, { profile_id: profileId, actor, action, note, at: at.toISOString() }),
    );
  }

  historyOf(profileId: number): Promise<AuditRecord[]> {
    return this.database.run(async () =>
      (await collectionOf(this.database.db, 'audit').find({ profile_id: profileId }).sort({ _id: -1 }).toArray()).map(toAudit),
    );
  }

  log({ actor, action, limit, offset }: AuditLogQuery): Promise<AuditLogPage> {
    return this.database.run(async () => {
      const filter: Filter<AuditDoc> = {};
      if (actor !== undefined) filter.actor = actor;
      if (action !== undefined) filter.action = action;
      const audit = collectionOf(this.database.db, 'audit');
      const docs = await audit.find(filter).sort({ _id: -1 }).skip(offset).limit(limit).toArray();
      return { records: docs.map(toAudit), total: await audit.countDocuments(filter) };
    });
  }
}

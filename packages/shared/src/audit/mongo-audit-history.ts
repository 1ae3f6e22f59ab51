import type { MongoDatabase } from '../database/mongo-database';
import { collectionOf, type AuditDoc } from '../store/mongo/mongo-schema';
import { insertAudit } from '../store/mongo/mongo-verification-records';
import type { AuditHistory, AuditRecord, NewAuditRecord } from './audit-repository';

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

  record({ profileId, actor, action, note }: NewAuditRecord): Promise<void> {
    return this.database.run(() =>
      insertAudit(this.database.db, { profile_id: profileId, actor, action, note, at: new Date().toISOString() }),
    );
  }

  historyOf(profileId: number): Promise<AuditRecord[]> {
    return this.database.run(async () =>
      (await collectionOf(this.database.db, 'audit').find({ profile_id: profileId }).sort({ _id: -1 }).toArray()).map(toAudit),
    );
  }
}

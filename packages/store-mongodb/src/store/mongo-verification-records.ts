import type { Db } from 'mongodb';
import { withNewIds } from './mongo-ids';
import { COLLECTIONS, collectionOf, type AuditDoc } from './mongo-schema';

/** The verification history in MongoDB, as the proofs, the articles and the identity reviews append to it. */

export async function insertAudit(db: Db, record: Omit<AuditDoc, '_id'>): Promise<void> {
  await withNewIds(db, COLLECTIONS.audit, async () => ({
    count: 1,
    write: async (id) => {
      await collectionOf(db, 'audit').insertOne({ _id: id, ...record });
    },
  }));
}

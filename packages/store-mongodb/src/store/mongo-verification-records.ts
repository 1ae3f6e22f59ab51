import type { Db } from 'mongodb';
import { withNewIds } from './mongo-ids';
import { COLLECTIONS, collectionOf, type AuditDoc, type VerificationRequestDoc } from './mongo-schema';

/** The editors' queue and the verification history in MongoDB, written by the portal store and by the proofs. */

export async function insertAudit(db: Db, record: Omit<AuditDoc, '_id'>): Promise<void> {
  await withNewIds(db, COLLECTIONS.audit, async () => ({
    count: 1,
    write: async (id) => {
      await collectionOf(db, 'audit').insertOne({ _id: id, ...record });
    },
  }));
}

/**
 * The profile's pending request, opened when there is none (`opened`). Of concurrent openers only the one the
 * unique pending index accepts opens it; the others find it on their re-plan.
 */
export function openPendingRequest(
  db: Db,
  profileId: number,
  requestedBy: string,
  requestedAt: string,
): Promise<{ doc: VerificationRequestDoc; opened: boolean }> {
  const requests = collectionOf(db, 'verificationRequests');
  return withNewIds(db, COLLECTIONS.verificationRequests, async () => {
    const pending = await requests.findOne({ open_for: profileId });
    return {
      count: pending ? 0 : 1,
      write: async (id) => {
        if (pending) return { doc: pending, opened: false };
        const doc: VerificationRequestDoc = {
          _id: id,
          profile_id: profileId,
          requested_by: requestedBy,
          requested_at: requestedAt,
          status: 'pending',
          open_for: profileId,
        };
        // A duplicate key: another request became pending meanwhile (found on the re-plan), or the id was taken.
        await requests.insertOne(doc);
        return { doc, opened: true };
      },
    };
  });
}

import type { Db } from 'mongodb';
import { forgetRenderedInTurn, mongoAnswersUnit } from '../answers/mongo-answers-unit';
import type { MongoDatabase } from '../store/mongo-database';
import { runInTurn, type Steps } from '@byline/domain/store/steps';
import { collectionOf, type VerificationRequestDoc } from '../store/mongo-schema';
import { pushEvents } from '../webhook-events/mongo-carried-events';
import type { VerificationRequest } from '@byline/domain/verification/verification-repository';
import type { StoredVerification, VerificationStoredUnit } from '@byline/domain/verification/verification-documents';

/** A profile's pending request, by the unique pending index's key (see VerificationRequestDoc.open_for). */
export async function pendingOf(db: Db, profileId: number): Promise<VerificationRequest | null> {
  const doc: VerificationRequestDoc | null = await collectionOf(db, 'verificationRequests').findOne({ open_for: profileId });
  return (
    doc && {
      id: doc._id,
      profileId: doc.profile_id,
      requestedBy: doc.requested_by,
      requestedAt: doc.requested_at,
      status: doc.status,
    }
  );
}

/** The database's own part of the editors' queue's unit of write: each one read or single-document write. */
function storedUnit(db: Db): VerificationStoredUnit {
  const profiles = collectionOf(db, 'profiles');
  return {
    async profile(profileId) {
      const doc = await profiles.findOne({ _id: profileId }, { projection: { slug: 1, verified: 1 } });
      return doc ? { slug: doc.slug, verified: doc.verified } : null;
    },
    pendingRequest: (profileId) => pendingOf(db, profileId),
    async writeVerified(profileId, verified, event) {
      // The event rides on the flag's own update, which matches only when the flag changes (see mongo-carried-events.ts).
      await profiles.updateOne({ _id: profileId, verified: { $ne: verified } }, { $set: { verified }, ...pushEvents([event]) });
    },
    takeOutOfService: (profileIds) => forgetRenderedInTurn(db, profileIds),
    answers: mongoAnswersUnit(db),
  };
}

/** The profiles' verified flag and a profile's pending request, written in the order the rules name. */
export class MongoStoredVerification implements StoredVerification {
  constructor(private readonly database: MongoDatabase) {}

  inOneWrite<T>(steps: (unit: VerificationStoredUnit) => Steps<T>): Promise<T> {
    return this.database.run(() => runInTurn(steps(storedUnit(this.database.db))));
  }

  pendingOf(profileId: number): Promise<VerificationRequest | null> {
    return this.database.run(() => pendingOf(this.database.db, profileId));
  }
}

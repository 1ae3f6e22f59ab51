import type { Db } from 'mongodb';
import { forgetRenderedInTurn, mongoAnswersUnit } from '../answers/mongo-answers-unit';
import type { MongoDatabase } from '../store/mongo-database';
import { runInTurn, type Steps } from '@byline/domain/store/steps';
import { isDuplicateKey } from '../store/mongo-errors';
import { collectionOf, type VerificationRequestDoc } from '../store/mongo-schema';
import { insertAudit, openPendingRequest } from '../store/mongo-verification-records';
import { pushEvents } from '../webhook-events/mongo-carried-events';
import type { VerificationRequest } from '@byline/domain/verification/verification-repository';
import type { VerificationStore } from '@byline/domain/verification/verification-store';
import type { VerificationUnitOfWrite } from '@byline/domain/verification/verification-unit';

const toRequest = (doc: VerificationRequestDoc): VerificationRequest => ({
  id: doc._id,
  profileId: doc.profile_id,
  requestedBy: doc.requested_by,
  requestedAt: doc.requested_at,
  status: doc.status,
});

/** The editors' queue's unit of write on MongoDB: each method one read or one single-document write, in turn. */
export function mongoVerificationUnit(db: Db): VerificationUnitOfWrite {
  const profiles = collectionOf(db, 'profiles');
  const requests = collectionOf(db, 'verificationRequests');
  return {
    async profile(profileId) {
      const doc = await profiles.findOne({ _id: profileId }, { projection: { slug: 1, verified: 1 } });
      return doc ? { slug: doc.slug, verified: doc.verified } : null;
    },
    async pendingRequest(profileId) {
      const doc = await requests.findOne({ open_for: profileId });
      return doc ? toRequest(doc) : null;
    },
    async openRequest(profileId, requestedBy, at) {
      const { doc, opened } = await openPendingRequest(db, profileId, requestedBy, at);
      return { request: toRequest(doc), opened };
    },
    async closeRequest(request, status) {
      // `open_for` is the unique pending index's key: negated, the request no longer holds the profile's place.
      const closed = await requests.updateOne(
        { _id: request.id, open_for: request.profileId },
        { $set: { status, open_for: -request.id } },
      );
      return closed.matchedCount > 0;
    },
    async writeVerified(profileId, verified, event) {
      // The event rides on the flag's own update, which matches only when the flag changes (see mongo-carried-events.ts).
      await profiles.updateOne({ _id: profileId, verified: { $ne: verified } }, { $set: { verified }, ...pushEvents([event]) });
    },
    async appendAudit({ profileId, actor, action, note, at }, closing) {
      try {
        await insertAudit(db, { profile_id: profileId, actor, action, note, at, ...(closing ? { closing } : {}) });
        return true;
      } catch (error) {
        // The unique `closing` index: FerretDB's conditional updates let two concurrent closers both succeed.
        if (closing && isDuplicateKey(error)) return false;
        throw error;
      }
    },
    takeOutOfService: (profileIds) => forgetRenderedInTurn(db, profileIds),
    answers: mongoAnswersUnit(db),
  };
}

/** The verificationRequests collection and the profiles' verified flag, written in the order the rules name. */
export class MongoVerification implements VerificationStore {
  constructor(private readonly database: MongoDatabase) {}

  inOneWrite<T>(steps: (unit: VerificationUnitOfWrite) => Steps<T>): Promise<T> {
    return this.database.run(() => runInTurn(steps(mongoVerificationUnit(this.database.db))));
  }

  pendingOf(profileId: number): Promise<VerificationRequest | null> {
    return this.database.run(async () => {
      const doc = await collectionOf(this.database.db, 'verificationRequests').findOne({ open_for: profileId });
      return doc ? toRequest(doc) : null;
    });
  }

  pending(): Promise<VerificationRequest[]> {
    return this.database.run(async () =>
      (
        await collectionOf(this.database.db, 'verificationRequests')
          .find({ status: 'pending' })
          .sort({ requested_at: 1, _id: 1 })
          .toArray()
      ).map(toRequest),
    );
  }
}

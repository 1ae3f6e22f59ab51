import type { Db } from 'mongodb';
import { forgetRenderedInTurn, mongoAnswersUnit } from '../answers/mongo-answers-unit';
import type { MongoDatabase } from '../store/mongo-database';
import { runInTurn, type Steps } from '@byline/domain/store/steps';
import { collectionOf } from '../store/mongo-schema';
import { pushEvents } from '../webhook-events/mongo-carried-events';
import type { StoredVerification, VerificationStoredUnit } from '@byline/domain/verification/verification-documents';

/** The database's own part of the editors' queue's unit of write: each one read or single-document write. */
function storedUnit(db: Db): VerificationStoredUnit {
  const profiles = collectionOf(db, 'profiles');
  return {
    async writeVerified(profileId, verified, event) {
      // The event rides on the flag's own update, which matches only when the flag changes (see mongo-carried-events.ts).
      await profiles.updateOne({ _id: profileId, verified: { $ne: verified } }, { $set: { verified }, ...pushEvents([event]) });
    },
    takeOutOfService: (profileIds) => forgetRenderedInTurn(db, profileIds),
    answers: mongoAnswersUnit(db),
  };
}

/** The profiles' verified flag, written in the order the rules name. */
export class MongoStoredVerification implements StoredVerification {
  constructor(private readonly database: MongoDatabase) {}

  inOneWrite<T>(steps: (unit: VerificationStoredUnit) => Steps<T>): Promise<T> {
    return this.database.run(() => runInTurn(steps(storedUnit(this.database.db))));
  }
}

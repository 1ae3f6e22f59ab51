import type { Db } from 'mongodb';
import { mongoAnswersUnit } from '../answers/mongo-answers-unit';
import type { MongoDatabase } from '../store/mongo-database';
import { runInTurn, type Steps } from '@byline/domain/store/steps';
import type { StoredVerification, VerificationStoredUnit } from '@byline/domain/verification/verification-documents';

/** The database's own part of the editors' queue's unit of write: the answers', each one read or single-document write. */
function storedUnit(db: Db): VerificationStoredUnit {
  return {
    answers: mongoAnswersUnit(db),
  };
}

/** The editors' queue's unit of write, written in the order the rules name. */
export class MongoStoredVerification implements StoredVerification {
  constructor(private readonly database: MongoDatabase) {}

  inOneWrite<T>(steps: (unit: VerificationStoredUnit) => Steps<T>): Promise<T> {
    return this.database.run(() => runInTurn(steps(storedUnit(this.database.db))));
  }
}

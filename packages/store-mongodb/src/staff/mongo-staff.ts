import { runInTurn, type Steps } from '@byline/domain/store/steps';
import type { MongoDatabase } from '../store/mongo-database';
import { mongoAnswersUnit } from '../answers/mongo-answers-unit';
import { mongoArticlesUnit } from '../articles/mongo-articles';
import type { StaffStoredUnit, StoredStaff } from '@byline/domain/staff/staff-documents';

/** The staff's changes as single-document writes awaited in turn, in the order the rules name (staff-changes.ts). */
export class MongoStoredStaff implements StoredStaff {
  constructor(private readonly database: MongoDatabase) {}

  inOneWrite<T>(steps: (unit: StaffStoredUnit) => Steps<T>): Promise<T> {
    const { db } = this.database;
    return this.database.run(() =>
      runInTurn(
        steps({
          articles: mongoArticlesUnit(db),
          answers: mongoAnswersUnit(db),
        }),
      ),
    );
  }
}

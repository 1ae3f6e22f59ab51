import { runInTurn, type Steps } from '@byline/domain/store/steps';
import type { UnitOfWrite } from '@byline/domain/documents/documents';
import type { MongoDatabase } from '../store/mongo-database';

/** Steps over the database's MongoDocuments, each awaited before the next (MongoDB has no transactions). */
export class MongoUnitOfWrite implements UnitOfWrite {
  constructor(private readonly database: MongoDatabase) {}

  run<T>(steps: () => Steps<T>): Promise<T> {
    return this.database.run(() => runInTurn(steps()));
  }
}

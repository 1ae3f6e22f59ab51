import { runNow, type Steps } from '@byline/domain/store/steps';
import type { UnitOfWrite } from '@byline/domain/documents/documents';
import type { SqliteDatabase } from '../store/sqlite-database';

/**
 * Steps over the database's SqliteDocuments (their `steps`) as one IMMEDIATE transaction, which waits up to
 * `patienceMs` for another process's write (the database's own patience when not given).
 */
export class SqliteUnitOfWrite implements UnitOfWrite {
  constructor(
    private readonly database: SqliteDatabase,
    private readonly patienceMs?: number,
  ) {}

  run<T>(steps: () => Steps<T>): Promise<T> {
    return this.database.write(() => runNow(steps()), this.patienceMs);
  }
}

import type { SqliteDatabase } from '../store/sqlite-database';
import type { ProfileInput } from '@byline/domain/domain/types';
import { ProfileStoreOverDocuments, type ProfileUnits } from '@byline/domain/profiles/profile-units';
import { SqliteDocuments } from '../documents/sqlite-documents';
import { FORMER_SLUGS_TABLE, PROFILES_TABLE } from './sqlite-profiles-table';
import { settleReadersAfterWrite } from '../store/write-without-blocking';
import { runNow, type Steps } from '@byline/domain/store/steps';
import { ARTICLES_TABLE } from '../articles/sqlite-articles';
import { sqliteProfileSaveUnit } from './sqlite-profile-save';
import type { ImportProgress, ImportSummary } from '@byline/domain/profiles/profiles-repository';
import type { ProfilesStore } from '@byline/domain/profiles/profiles-store';
import { sqliteIdentityUnit } from './sqlite-identity-review';
import { sqliteImportUnit } from './sqlite-import-unit';
import { ImportRun, importRecordsSteps } from '@byline/domain/profiles/import-changes';
import { sqliteErasureUnit } from './sqlite-profile-erasure';

/** The profiles table: each rule's steps one transaction (ProfileStoreOverDocuments); the import by hand. */
export class SqliteProfiles extends ProfileStoreOverDocuments implements ProfilesStore {
  constructor(private readonly database: SqliteDatabase) {
    super({
      profiles: new SqliteDocuments(database, PROFILES_TABLE),
      formerSlugs: new SqliteDocuments(database, FORMER_SLUGS_TABLE),
      articles: new SqliteDocuments(database, ARTICLES_TABLE),
    });
  }

  protected inWrite<T>(steps: (units: ProfileUnits) => Steps<T>): Promise<T> {
    return this.database.write((db) =>
      runNow(
        steps({
          identity: () => sqliteIdentityUnit(db),
          save: () => sqliteProfileSaveUnit(db),
          erasure: () => sqliteErasureUnit(db),
        }),
      ),
    );
  }

  importAt(records: ProfileInput[], at: string, onProgress?: (progress: ImportProgress) => void): Promise<ImportSummary> {
    return this.database.bulkWrite((db) => {
      const summary = db.transaction(() => runNow(importRecordsSteps(sqliteImportUnit(db), records, at, onProgress)))();
      settleReadersAfterWrite(db);
      return summary;
    });
  }

  /** Writes each batch as it comes, inside one transaction held until the last (see ImportRun). */
  async importBatchesAt(batches: AsyncIterable<ProfileInput[]>, at: string): Promise<ImportSummary> {
    const { connection } = this.database;
    await this.database.bulkWrite((db) => db.exec('BEGIN IMMEDIATE'));
    try {
      const run = new ImportRun(sqliteImportUnit(connection), at);
      for await (const batch of batches) await this.database.bulkWrite(() => runNow(run.add(batch)));
      return await this.database.bulkWrite((db) => {
        const summary = runNow(run.finish());
        db.exec('COMMIT');
        settleReadersAfterWrite(db);
        return summary;
      });
    } finally {
      if (connection.inTransaction) connection.exec('ROLLBACK');
    }
  }
}

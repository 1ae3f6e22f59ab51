import type { SqliteDatabase } from '../store/sqlite-database';
import type { ArticleInput, Profile, ProfileInput } from '@byline/domain/domain/types';
import { ProfileReads } from '@byline/domain/profiles/profile-documents';
import { SqliteDocuments } from '../documents/sqlite-documents';
import { PROFILES_TABLE } from './sqlite-profiles-table';
import { settleReadersAfterWrite } from '../store/write-without-blocking';
import { runNow, type Steps } from '@byline/domain/store/steps';
import type { ArticleRow, ProfileRow } from '../store/profile-records';
import type { PendingIdentityChange } from '@byline/domain/profiles/identity-review';
import type { IdentityUnitOfWrite } from '@byline/domain/profiles/identity-unit';
import type { ProfileSaveUnit } from '@byline/domain/profiles/save-profile';
import { sqliteProfileSaveUnit } from './sqlite-profile-save';
import type { ImportProgress, ImportSummary, StoredVerifiedFlag } from '@byline/domain/profiles/profiles-repository';
import type { ProfilesStore } from '@byline/domain/profiles/profiles-store';
import { pendingIdentityChangesNow, pendingIdentityNow, sqliteIdentityUnit } from './sqlite-identity-review';
import { sqliteImportUnit } from './sqlite-import-unit';
import { ImportRun, importRecordsSteps } from '@byline/domain/profiles/import-changes';
import { sqliteErasureUnit } from './sqlite-profile-erasure';
import type { ProfileErasureUnit } from '@byline/domain/profiles/erasure-unit';

const statements = (database: SqliteDatabase) => ({
  verifiedFlagsOf: database.prepare<[string], { id: number; slug: string; verified: number }>(
    'SELECT id, slug, verified FROM profiles WHERE slug IN (SELECT value FROM json_each(?))',
  ),
  currentSlugOf: database
    .prepare<[string], string>(
      'SELECT p.slug FROM former_slugs f JOIN profiles p ON p.id = f.profile_id WHERE f.slug = ? AND NOT EXISTS (SELECT 1 FROM profiles WHERE slug = f.slug)',
    )
    .pluck(),
  formerSlugsOf: database
    .prepare<[number], string>(
      'SELECT slug FROM former_slugs WHERE profile_id = ? AND slug != (SELECT slug FROM profiles WHERE id = profile_id) ORDER BY left_at, slug',
    )
    .pluck(),
  all: database.prepare<[], ProfileRow>('SELECT id, verified, doc FROM profiles ORDER BY id'),
  articlesOf: database.prepare<[number], ArticleRow>('SELECT id, profile_id, doc FROM articles WHERE profile_id = ? ORDER BY id'),
});

/** The profiles table; a save is one transaction of the rule's steps (save-profile.ts). Reads of one: ProfileReads. */
export class SqliteProfiles extends ProfileReads implements ProfilesStore {
  private readonly sql: ReturnType<typeof statements>;

  constructor(private readonly database: SqliteDatabase) {
    super(new SqliteDocuments(database, PROFILES_TABLE));
    this.sql = statements(database);
  }

  inOneWrite<T>(steps: (unit: IdentityUnitOfWrite) => Steps<T>): Promise<T> {
    return this.database.write((db) => runNow(steps(sqliteIdentityUnit(db))));
  }

  verifiedFlagsOf(slugs: readonly string[]): Promise<Map<string, StoredVerifiedFlag>> {
    return this.database.read(() => {
      const rows = this.sql.verifiedFlagsOf.all(JSON.stringify(slugs));
      return new Map(rows.map((row) => [row.slug, { profileId: row.id, verified: row.verified === 1 }]));
    });
  }

  /** The save's one transaction (see save-profile.ts). */
  inSaveWrite<T>(steps: (unit: ProfileSaveUnit) => Steps<T>): Promise<T> {
    return this.database.write((db) => runNow(steps(sqliteProfileSaveUnit(db))));
  }

  /** The profile's slug now, when `slug` is one of its former ones (it redirects there); null otherwise. */
  slugReplacing(slug: string): Promise<string | null> {
    return this.database.read(() => this.sql.currentSlugOf.get(slug) ?? null);
  }

  formerSlugsOf(profileId: number): Promise<string[]> {
    return this.database.read(() => this.sql.formerSlugsOf.all(profileId));
  }

  pendingIdentityOf(profileId: number): Promise<PendingIdentityChange | null> {
    return this.database.read((db) => pendingIdentityNow(db, profileId));
  }

  pendingIdentityChanges(): Promise<{ profileId: number; change: PendingIdentityChange }[]> {
    return this.database.read((db) => pendingIdentityChangesNow(db));
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

  async *export(): AsyncIterable<ProfileInput> {
    await this.database.read(() => undefined);
    for (const row of this.sql.all.iterate()) {
      const { id: _id, ...profile } = JSON.parse(row.doc) as Profile;
      const articles = this.sql.articlesOf.all(row.id).map((a) => JSON.parse(a.doc) as ArticleInput);
      yield { ...profile, verified: row.verified === 1, articles };
    }
  }

  /** One transaction: either all of an erasure is done or none. */
  inErasureWrite<T>(steps: (unit: ProfileErasureUnit) => Steps<T>): Promise<T> {
    return this.database.write((db) => runNow(steps(sqliteErasureUnit(db))));
  }
}

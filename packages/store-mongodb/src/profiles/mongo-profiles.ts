import type { MongoDatabase } from '../store/mongo-database';
import type { ProfileInput } from '@byline/domain/domain/types';
import { ProfileReads } from '@byline/domain/profiles/profile-documents';
import { MongoDocuments } from '../documents/mongo-documents';
import { FORMER_SLUGS_COLLECTION, PROFILES_COLLECTION } from './mongo-profiles-collection';
import { mongoProfileSaveUnit } from './mongo-profile-save';
import { ARTICLES_COLLECTION } from '../articles/mongo-articles';
import { exportedProfiles } from '@byline/domain/profiles/profile-export';
import { importProfiles } from './mongo-import';
import { runInTurn, type Steps } from '@byline/domain/store/steps';
import type { IdentityUnitOfWrite } from '@byline/domain/profiles/identity-unit';
import { mongoIdentityUnit } from './mongo-identity-review';
import { mongoErasureUnit } from './mongo-profile-erasure';
import type { ProfileErasureUnit } from '@byline/domain/profiles/erasure-unit';
import type { ProfileSaveUnit } from '@byline/domain/profiles/save-profile';
import type { ImportProgress, ImportSummary } from '@byline/domain/profiles/profiles-repository';
import type { ProfilesStore } from '@byline/domain/profiles/profiles-store';

/** The profiles collection; a save is single-document writes in the order save-profile.ts gives. Reads: ProfileReads. */
export class MongoProfiles extends ProfileReads implements ProfilesStore {
  constructor(private readonly database: MongoDatabase) {
    super({
      profiles: new MongoDocuments(database, PROFILES_COLLECTION),
      formerSlugs: new MongoDocuments(database, FORMER_SLUGS_COLLECTION),
    });
  }

  inOneWrite<T>(steps: (unit: IdentityUnitOfWrite) => Steps<T>): Promise<T> {
    return this.database.run(() => runInTurn(steps(mongoIdentityUnit(this.database.db))));
  }

  /** In the rule's order, each write awaited before the next (see save-profile.ts). */
  inSaveWrite<T>(steps: (unit: ProfileSaveUnit) => Steps<T>): Promise<T> {
    return this.database.run(() => runInTurn(steps(mongoProfileSaveUnit(this.database.db))));
  }

  importAt(records: ProfileInput[], at: string, onProgress?: (progress: ImportProgress) => void): Promise<ImportSummary> {
    return this.database.run(() => importProfiles(this.database.db, records, at, onProgress));
  }

  /** Collects every batch first: without transactions, nothing may be written before the whole file is checked. */
  async importBatchesAt(
    batches: AsyncIterable<ProfileInput[]>,
    at: string,
    onProgress?: (progress: ImportProgress) => void,
  ): Promise<ImportSummary> {
    const records: ProfileInput[] = [];
    for await (const batch of batches) records.push(...batch);
    return this.importAt(records, at, onProgress);
  }

  export(): AsyncIterable<ProfileInput> {
    return exportedProfiles(
      new MongoDocuments(this.database, PROFILES_COLLECTION),
      new MongoDocuments(this.database, ARTICLES_COLLECTION),
    );
  }

  /** Writes in the rule's order, each awaited before the next (see profile-erasure.ts). */
  inErasureWrite<T>(steps: (unit: ProfileErasureUnit) => Steps<T>): Promise<T> {
    return this.database.run(() => runInTurn(steps(mongoErasureUnit(this.database.db))));
  }
}

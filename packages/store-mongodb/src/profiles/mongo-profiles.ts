import type { MongoDatabase } from '../store/mongo-database';
import type { ProfileInput } from '@byline/domain/domain/types';
import { ProfileStoreOverDocuments, type ProfileUnits } from '@byline/domain/profiles/profile-units';
import { MongoDocuments } from '../documents/mongo-documents';
import { FORMER_SLUGS_COLLECTION, PROFILES_COLLECTION } from './mongo-profiles-collection';
import { mongoProfileSaveUnit } from './mongo-profile-save';
import { ARTICLES_COLLECTION } from '../articles/mongo-articles';
import { importProfiles } from './mongo-import';
import { runInTurn, type Steps } from '@byline/domain/store/steps';
import { mongoIdentityUnit } from './mongo-identity-review';
import { mongoErasureUnit } from './mongo-profile-erasure';
import type { ImportProgress, ImportSummary } from '@byline/domain/profiles/profiles-repository';
import type { ProfilesStore } from '@byline/domain/profiles/profiles-store';

/** The profiles collection: each rule's single-document writes in its order (ProfileStoreOverDocuments); the import by hand. */
export class MongoProfiles extends ProfileStoreOverDocuments implements ProfilesStore {
  constructor(private readonly database: MongoDatabase) {
    super({
      profiles: new MongoDocuments(database, PROFILES_COLLECTION),
      formerSlugs: new MongoDocuments(database, FORMER_SLUGS_COLLECTION),
      articles: new MongoDocuments(database, ARTICLES_COLLECTION),
    });
  }

  protected inWrite<T>(steps: (units: ProfileUnits) => Steps<T>): Promise<T> {
    return this.database.run(() => {
      // Read once the store is ready: a client replaced after an outage must not be taken before it is.
      const { db } = this.database;
      const units = {
        identity: () => mongoIdentityUnit(db),
        save: () => mongoProfileSaveUnit(db),
        erasure: () => mongoErasureUnit(db),
      };
      return runInTurn(steps(units));
    });
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
}

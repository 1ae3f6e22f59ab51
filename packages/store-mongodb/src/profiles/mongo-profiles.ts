import type { MongoDatabase } from '../store/mongo-database';
import type { ProfileInput } from '@byline/domain/domain/types';
import { ProfileReads } from '@byline/domain/profiles/profile-documents';
import { MongoDocuments } from '../documents/mongo-documents';
import { PROFILES_COLLECTION } from './mongo-profiles-collection';
import { mongoProfileSaveUnit } from './mongo-profile-save';
import { collectionOf } from '../store/mongo-schema';
import { importProfiles } from './mongo-import';
import { runInTurn, type Steps } from '@byline/domain/store/steps';
import type { PendingIdentityChange } from '@byline/domain/profiles/identity-review';
import type { IdentityUnitOfWrite } from '@byline/domain/profiles/identity-unit';
import { mongoIdentityUnit, pendingIdentityChanges, pendingIdentityOf } from './mongo-identity-review';
import { mongoErasureUnit } from './mongo-profile-erasure';
import type { ProfileErasureUnit } from '@byline/domain/profiles/erasure-unit';
import { formerSlugsOf, slugReplacing } from './mongo-slugs';
import type { ProfileSaveUnit } from '@byline/domain/profiles/save-profile';
import type { ImportProgress, ImportSummary, StoredVerifiedFlag } from '@byline/domain/profiles/profiles-repository';
import type { ProfilesStore } from '@byline/domain/profiles/profiles-store';

/** The profiles collection; a save is single-document writes in the order save-profile.ts gives. Reads of one: ProfileReads. */
export class MongoProfiles extends ProfileReads implements ProfilesStore {
  constructor(private readonly database: MongoDatabase) {
    super(new MongoDocuments(database, PROFILES_COLLECTION));
  }

  inOneWrite<T>(steps: (unit: IdentityUnitOfWrite) => Steps<T>): Promise<T> {
    return this.database.run(() => runInTurn(steps(mongoIdentityUnit(this.database.db))));
  }

  private get profiles() {
    return collectionOf(this.database.db, 'profiles');
  }

  verifiedFlagsOf(slugs: readonly string[]): Promise<Map<string, StoredVerifiedFlag>> {
    return this.database.run(async () => {
      const found = await this.profiles
        .find({ slug: { $in: [...slugs] } }, { projection: { _id: 1, slug: 1, verified: 1 } })
        .toArray();
      return new Map(found.map((doc) => [doc.slug, { profileId: doc._id, verified: doc.verified }]));
    });
  }

  slugReplacing(slug: string): Promise<string | null> {
    return this.database.run(() => slugReplacing(this.database.db, slug));
  }

  formerSlugsOf(profileId: number): Promise<string[]> {
    return this.database.run(() => formerSlugsOf(this.database.db, profileId));
  }

  /** In the rule's order, each write awaited before the next (see save-profile.ts). */
  inSaveWrite<T>(steps: (unit: ProfileSaveUnit) => Steps<T>): Promise<T> {
    return this.database.run(() => runInTurn(steps(mongoProfileSaveUnit(this.database.db))));
  }

  pendingIdentityOf(profileId: number): Promise<PendingIdentityChange | null> {
    return this.database.run(() => pendingIdentityOf(this.database.db, profileId));
  }

  pendingIdentityChanges(): Promise<{ profileId: number; change: PendingIdentityChange }[]> {
    return this.database.run(() => pendingIdentityChanges(this.database.db));
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

  async *export(): AsyncIterable<ProfileInput> {
    await this.database.run(async () => undefined);
    const cursor = this.profiles.find({}).sort({ _id: 1 });
    const articles = collectionOf(this.database.db, 'articles');
    try {
      while (true) {
        const doc = await this.database.run(() => cursor.next());
        if (!doc) return;
        const own = await this.database.run(() => articles.find({ profile_id: doc._id }).sort({ _id: 1 }).toArray());
        yield { ...doc.profile, verified: doc.verified, articles: own.map((a) => a.article) };
      }
    } finally {
      await cursor.close().catch(() => undefined);
    }
  }

  /** Writes in the rule's order, each awaited before the next (see profile-erasure.ts). */
  inErasureWrite<T>(steps: (unit: ProfileErasureUnit) => Steps<T>): Promise<T> {
    return this.database.run(() => runInTurn(steps(mongoErasureUnit(this.database.db))));
  }
}

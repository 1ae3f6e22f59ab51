import type { MongoDatabase } from '../database/mongo-database';
import type { Profile } from '../domain/types';
import { saveProfile } from '../store/mongo/mongo-portal-profile';
import { collectionOf } from '../store/mongo/mongo-schema';
import { toProfile } from '../store/mongo/profile-derived-fields';
import type { ProfileFields, Profiles } from './profiles-repository';

/** The profiles collection; a save is single-document writes in the order mongo-portal-profile.ts gives. */
export class MongoProfiles implements Profiles {
  constructor(private readonly database: MongoDatabase) {}

  private get profiles() {
    return collectionOf(this.database.db, 'profiles');
  }

  findById(profileId: number): Promise<Profile | null> {
    return this.database.run(async () => {
      const doc = await this.profiles.findOne({ _id: profileId });
      return doc ? toProfile(doc) : null;
    });
  }

  findBySlug(slug: string): Promise<Profile | null> {
    return this.database.run(async () => {
      const doc = await this.profiles.findOne({ slug });
      return doc ? toProfile(doc) : null;
    });
  }

  save(userId: number, fields: ProfileFields, slugBase: string): Promise<Profile> {
    return this.database.run(async () => {
      const id = await saveProfile(this.database.db, userId, fields, slugBase);
      return toProfile((await this.profiles.findOne({ _id: id }))!);
    });
  }

  setVerified(slug: string, verified: boolean): Promise<boolean> {
    return this.database.run(async () => (await this.profiles.updateOne({ slug }, { $set: { verified } })).matchedCount > 0);
  }

  count(): Promise<number> {
    return this.database.run(() => this.profiles.countDocuments({}));
  }
}

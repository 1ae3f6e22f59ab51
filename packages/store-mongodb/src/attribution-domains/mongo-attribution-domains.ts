import type { MongoDatabase } from '../store/mongo-database';
import { collectionOf } from '../store/mongo-schema';
import type { AttributionDomains } from '@byline/domain/attribution-domains/attribution-domains-repository';

/** The attribution_domains collection: one document per profile, so replacing the list is one write. */
export class MongoAttributionDomains implements AttributionDomains {
  constructor(private readonly database: MongoDatabase) {}

  private get lists() {
    return collectionOf(this.database.db, 'attributionDomains');
  }

  domainsOf(profileId: number): Promise<string[]> {
    return this.database.run(async () => (await this.lists.findOne({ _id: profileId }))?.domains ?? []);
  }

  setDomains(profileId: number, domains: readonly string[], at: Date): Promise<void> {
    return this.database.run(async () => {
      await this.lists.updateOne(
        { _id: profileId },
        { $set: { domains: [...domains], updated_at: at.toISOString() } },
        { upsert: true },
      );
    });
  }
}

import type { MongoDatabase } from '../store/mongo-database';
import { collectionOf } from '../store/mongo-schema';
import { JOURNALIST_EVENT_TYPES } from '@byline/domain/webhook-events/erased-journalist';
import type { SentJournalistMessage, StoredWebhooks } from '@byline/domain/webhooks/webhook-documents';

/**
 * What MongoDB keeps of the webhooks by hand (their documents are MongoDocuments over mongo-webhook-collections.ts):
 * the redaction sweep's reads, with projections.
 */
export class MongoStoredWebhooks implements StoredWebhooks {
  constructor(private readonly database: MongoDatabase) {}

  sentJournalistMessages(): Promise<SentJournalistMessage[]> {
    return this.database.run(async () => {
      const sent = await collectionOf(this.database.db, 'webhookMessages')
        .find(
          { type: { $in: [...JOURNALIST_EVENT_TYPES] }, state: { $ne: 'pending' }, body: { $not: /"redacted":/ } },
          { projection: { _id: 1, body: 1 } },
        )
        .toArray();
      return sent.map((doc) => ({ id: doc._id, body: doc.body }));
    });
  }

  /** The profiles' slug index and the former slugs' ids answer it. */
  slugsInUse(slugs: readonly string[]): Promise<Set<string>> {
    return this.database.run(async () => {
      const { db } = this.database;
      const named = [...slugs];
      const current = await collectionOf(db, 'profiles')
        .find({ slug: { $in: named } }, { projection: { slug: 1 } })
        .toArray();
      const former = await collectionOf(db, 'formerSlugs')
        .find({ _id: { $in: named } }, { projection: { _id: 1 } })
        .toArray();
      return new Set([...current.map((profile) => profile.slug), ...former.map((record) => record._id)]);
    });
  }
}

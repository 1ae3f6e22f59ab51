import type { MongoDatabase } from '../store/mongo-database';
import { collectionOf } from '../store/mongo-schema';
import { JOURNALIST_EVENT_TYPES } from '@byline/domain/webhook-events/erased-journalist';
import type { SentJournalistMessage, StoredWebhooks } from '@byline/domain/webhooks/webhook-documents';

/**
 * What MongoDB keeps of the webhooks by hand (their documents are MongoDocuments over mongo-webhook-collections.ts):
 * the redaction sweep's read, with a projection.
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
}

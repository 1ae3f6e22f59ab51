import type { MongoDatabase } from '../store/mongo-database';
import { isDuplicateKey } from '../store/mongo-errors';
import { withNewIds } from '../store/mongo-ids';
import { COLLECTIONS, collectionOf } from '../store/mongo-schema';
import type { WebhookEventType } from '@byline/domain/webhook-events/webhook-event';
import { JOURNALIST_EVENT_TYPES } from '@byline/domain/webhook-events/erased-journalist';
import type { WebhookEndpointDoc, WebhookMessageDoc } from './mongo-webhook-docs';
import type {
  NewWebhookEndpoint,
  NewWebhookMessage,
  WebhookAttempt,
  WebhookEndpoint,
  WebhookMessage,
  WebhookMessageState,
} from '@byline/domain/webhooks/webhooks-repository';
import type { SentJournalistMessage, WebhooksStore } from '@byline/domain/webhooks/webhooks-store';

const toEndpoint = (doc: WebhookEndpointDoc): WebhookEndpoint => ({
  id: doc._id,
  email: doc.email,
  url: doc.url,
  events: doc.events,
  secret: doc.secret,
  previousSecret: doc.previous_secret ?? null,
  previousSecretExpiresAt: doc.previous_secret_expires_at ?? null,
  enabled: doc.enabled,
  failingSince: doc.failing_since ?? null,
  disabledReason: doc.disabled_reason ?? null,
  createdAt: doc.created_at,
});

const toMessage = (doc: WebhookMessageDoc): WebhookMessage => ({
  id: doc._id,
  endpointId: doc.endpoint_id,
  eventId: doc.event_id,
  type: doc.type,
  body: doc.body,
  createdAt: doc.created_at,
  state: doc.state,
  attemptCount: doc.attempt_count,
  attempts: doc.attempts ?? [],
});

/**
 * Webhook endpoints and messages in MongoDB. Every change is one single-document write; a message is unique per
 * (endpoint, event) by its index, so a fan-out run twice adds it once.
 */
export class MongoWebhooks implements WebhooksStore {
  constructor(private readonly database: MongoDatabase) {}

  private get endpoints() {
    return collectionOf(this.database.db, 'webhookEndpoints');
  }
  private get messages() {
    return collectionOf(this.database.db, 'webhookMessages');
  }

  add({ email, url, events, secret }: NewWebhookEndpoint, at: Date): Promise<WebhookEndpoint> {
    return this.database.run(() =>
      withNewIds(this.database.db, COLLECTIONS.webhookEndpoints, async () => ({
        count: 1,
        write: async (id) => {
          const doc: WebhookEndpointDoc = {
            _id: id,
            email,
            url,
            events: [...events],
            secret,
            previous_secret: null,
            previous_secret_expires_at: null,
            enabled: true,
            failing_since: null,
            disabled_reason: null,
            created_at: at.toISOString(),
          };
          await this.endpoints.insertOne(doc);
          return toEndpoint(doc);
        },
      })),
    );
  }

  find(id: number): Promise<WebhookEndpoint | null> {
    return this.database.run(async () => {
      const doc = await this.endpoints.findOne({ _id: id });
      return doc ? toEndpoint(doc) : null;
    });
  }

  endpointsOf(email: string): Promise<WebhookEndpoint[]> {
    return this.database.run(async () => (await this.endpoints.find({ email }).sort({ _id: 1 }).toArray()).map(toEndpoint));
  }

  subscribed(type: WebhookEventType, audience?: string): Promise<WebhookEndpoint[]> {
    const filter = { enabled: true, events: type, ...(audience === undefined ? {} : { email: audience }) };
    return this.database.run(async () => (await this.endpoints.find(filter).sort({ _id: 1 }).toArray()).map(toEndpoint));
  }

  setEnabled(id: number, enabled: boolean, reason?: string): Promise<boolean> {
    const set = enabled
      ? { enabled: true, disabled_reason: null, failing_since: null }
      : { enabled: false, disabled_reason: reason ?? null };
    return this.database.run(async () => (await this.endpoints.updateOne({ _id: id }, { $set: set })).matchedCount > 0);
  }

  rotateSecret(id: number, secret: string, previousExpiresAt: Date): Promise<boolean> {
    return this.database.run(async () => {
      const doc = await this.endpoints.findOne({ _id: id }, { projection: { secret: 1 } });
      if (!doc) return false;
      // Conditional on the secret read, so of two rotations at once the second does not drop the first's secret.
      const set = { secret, previous_secret: doc.secret, previous_secret_expires_at: previousExpiresAt.toISOString() };
      return (await this.endpoints.updateOne({ _id: id, secret: doc.secret }, { $set: set })).matchedCount > 0;
    });
  }

  setFailing(id: number, since: Date | null): Promise<boolean> {
    return this.database.run(async () => {
      if (since)
        await this.endpoints.updateOne({ _id: id, failing_since: null }, { $set: { failing_since: since.toISOString() } });
      else await this.endpoints.updateOne({ _id: id }, { $set: { failing_since: null } });
      return (await this.endpoints.countDocuments({ _id: id }, { limit: 1 })) > 0;
    });
  }

  /** The endpoint first: a removal cut short leaves messages no endpoint delivers, never an endpoint without them. */
  remove(id: number): Promise<boolean> {
    return this.database.run(async () => {
      const removed = (await this.endpoints.deleteOne({ _id: id })).deletedCount > 0;
      await this.messages.deleteMany({ endpoint_id: id });
      return removed;
    });
  }

  addMessage({ endpointId, eventId, type, body }: NewWebhookMessage, at: Date): Promise<boolean> {
    return this.database.run(async () => {
      if (await this.messages.findOne({ endpoint_id: endpointId, event_id: eventId }, { projection: { _id: 1 } })) return false;
      try {
        return await withNewIds(this.database.db, COLLECTIONS.webhookMessages, async () => ({
          count: 1,
          write: async (id) => {
            await this.messages.insertOne({
              _id: id,
              endpoint_id: endpointId,
              event_id: eventId,
              type,
              body,
              created_at: at.toISOString(),
              state: 'pending',
              attempt_count: 0,
              attempts: [],
            });
            return true;
          },
        }));
      } catch (error) {
        // Another fan-out of the same event added it first (the unique (endpoint, event) index).
        if (isDuplicateKey(error)) return false;
        throw error;
      }
    });
  }

  nextPending(endpointId: number): Promise<WebhookMessage | null> {
    return this.database.run(async () => {
      const [doc] = await this.messages.find({ endpoint_id: endpointId, state: 'pending' }).sort({ _id: 1 }).limit(1).toArray();
      return doc ? toMessage(doc) : null;
    });
  }

  recordAttempt(messageId: number, attempt: WebhookAttempt, state: WebhookMessageState): Promise<boolean> {
    return this.database.run(
      async () =>
        (
          await this.messages.updateOne(
            { _id: messageId },
            { $push: { attempts: attempt }, $set: { state }, $inc: { attempt_count: 1 } },
          )
        ).matchedCount > 0,
    );
  }

  messagesOf(endpointId: number, limit: number): Promise<WebhookMessage[]> {
    return this.database.run(async () =>
      (await this.messages.find({ endpoint_id: endpointId }).sort({ _id: -1 }).limit(limit).toArray()).map(toMessage),
    );
  }

  findMessage(id: number): Promise<WebhookMessage | null> {
    return this.database.run(async () => {
      const doc = await this.messages.findOne({ _id: id });
      return doc ? toMessage(doc) : null;
    });
  }

  redeliver(messageId: number): Promise<boolean> {
    return this.database.run(
      async () =>
        (await this.messages.updateOne({ _id: messageId }, { $set: { state: 'pending', attempt_count: 0 } })).matchedCount > 0,
    );
  }

  sentJournalistMessages(): Promise<SentJournalistMessage[]> {
    return this.database.run(async () => {
      const sent = await this.messages
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

  setMessageBodies(bodies: readonly SentJournalistMessage[]): Promise<number> {
    return this.database.run(async () => {
      if (bodies.length === 0) return 0;
      const updates = bodies.map(({ id, body }) => ({ updateOne: { filter: { _id: id }, update: { $set: { body } } } }));
      return (await this.messages.bulkWrite(updates, { ordered: false })).matchedCount;
    });
  }

  pruneMessages(before: Date): Promise<number> {
    return this.database.run(
      async () =>
        (await this.messages.deleteMany({ state: { $in: ['delivered', 'failed'] }, created_at: { $lt: before.toISOString() } }))
          .deletedCount,
    );
  }
}

import type { Db, Document } from 'mongodb';
import { enqueueIfAbsentIn } from '../queue/mongo-leased-queue';
import { COLLECTIONS } from '../store/mongo-schema';
import { WEBHOOK_EVENT_TOPIC, type WebhookEvent } from '@byline/domain/webhook-events/webhook-event';

/**
 * The MongoDB outbox. FerretDB 1.x has no transactions, so an event cannot be written beside the change in a second
 * document: the changed document carries its events (`webhook_outbox`, pushed by the same single-document update
 * that makes the change), and the worker's relay copies them onto the leased queue and then pulls them off the
 * document. The copy is idempotent (one queue item per event id, enqueueIfAbsent) and the fan-out after it is too
 * (one message per event and endpoint), so a relay cut short between the two steps loses nothing and, run again,
 * delivers nothing twice.
 */

/** The field a changed document carries its events in. */
export const OUTBOX_FIELD = 'webhook_outbox';

/** The collections whose documents carry events (every resource that emits one). */
export const OUTBOX_COLLECTIONS = [
  COLLECTIONS.profiles,
  COLLECTIONS.apiKeys,
  COLLECTIONS.publishers,
  COLLECTIONS.articles,
] as const;

/** The part of an update that records `events` with the change it is part of. */
export function pushEvents(events: readonly WebhookEvent[]): { $push: Document } {
  return { $push: { [OUTBOX_FIELD]: { $each: events.map((event) => ({ ...event })) } } };
}

/**
 * Copies the events waiting on the documents `filter` selects onto the queue, then takes each off its document;
 * how many were relayed. What the worker's relay runs over every collection, and what an erasure runs before it
 * deletes documents that may still carry events.
 */
export async function relayEventsOf(db: Db, collectionName: string, filter: Document = {}, limit = 100): Promise<number> {
  let relayed = 0;
  const collection = db.collection(collectionName);
  const docs = await collection
    .find({ ...filter, [OUTBOX_FIELD]: { $exists: true } }, { projection: { [OUTBOX_FIELD]: 1 } })
    .limit(limit)
    .toArray();
  for (const doc of docs) {
    const events = (doc[OUTBOX_FIELD] ?? []) as WebhookEvent[];
    for (const event of events) {
      // Due at the change's own time, as on the embedded store: the fan-out takes events oldest first.
      const dueAt = new Date(event.payload.timestamp);
      await enqueueIfAbsentIn(db, { topic: WEBHOOK_EVENT_TOPIC, key: event.id, payload: { ...event }, dueAt });
      // The event exactly as read: FerretDB 1.x pulls by equal value only, not by a condition on a field.
      await collection.updateOne({ _id: doc._id }, { $pull: { [OUTBOX_FIELD]: event } as Document });
      relayed++;
    }
    // The emptied array goes, so the next relay's scan skips the document; a change meanwhile pushed again.
    await collection.updateOne({ _id: doc._id, [OUTBOX_FIELD]: { $size: 0 } }, { $unset: { [OUTBOX_FIELD]: '' } });
  }
  return relayed;
}

/** Relays the events every collection's documents carry (see relayEventsOf). */
export async function relayOutbox(db: Db): Promise<number> {
  let relayed = 0;
  for (const name of OUTBOX_COLLECTIONS) relayed += await relayEventsOf(db, name);
  return relayed;
}

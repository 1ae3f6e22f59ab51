import type { Collection, Db, Document } from 'mongodb';
import { enqueueIfAbsentIn } from '../queue/mongo-leased-queue';
import { EVENT_CARRYING_COLLECTIONS, EVENTS_FIELD } from '../store/mongo-schema';
import type { WebhookEvent } from '@byline/domain/webhook-events/webhook-event';
import type { NewQueueItem } from '@byline/domain/queue/leased-queue';
import { relayEvents, type EventCarriers } from '@byline/domain/webhook-events/event-relay';

/**
 * Webhook events carried by the documents they are about. FerretDB 1.x has no transactions, so an event cannot be
 * written beside the change in a second document: the changed document carries its events (EVENTS_FIELD, pushed by
 * the same single-document update that makes the change), and the worker's relay (relayEvents, in @byline/domain)
 * copies them onto the leased queue and then pulls them off the document.
 */

/** Where the events are kept, for the relay and the tests (defined with the indexes that find them). */
export { EVENTS_FIELD, EVENT_CARRYING_COLLECTIONS };

/** The part of an update that records `events` with the change it is part of. */
export function pushEvents(events: readonly WebhookEvent[]): { $push: Document } {
  return { $push: { [EVENTS_FIELD]: { $each: events.map((event) => ({ ...event })) } } };
}

/** A document of an EVENT_CARRYING_COLLECTIONS collection, as the relay reads it. */
type CarrierDoc = { _id: number; [EVENTS_FIELD]?: WebhookEvent[] };

/** The documents `filter` selects in one collection, as the domain's relay reads and empties them. */
const carriedEvents = (collection: Collection<CarrierDoc>, filter: Document): EventCarriers => ({
  async carrying(limit) {
    const carriers = { ...filter, [EVENTS_FIELD]: { $exists: true } };
    const docs = await collection
      .find(carriers, { projection: { [EVENTS_FIELD]: 1 } })
      .limit(limit)
      .toArray();
    return docs.map((doc) => ({ id: doc._id, events: doc[EVENTS_FIELD] ?? [] }));
  },
  async takeOff({ id }, event) {
    // FerretDB 1.x pulls by equal value only, not by a condition on a field.
    await collection.updateOne({ _id: id }, { $pull: { [EVENTS_FIELD]: event } as Document });
  },
  async dropEmptied({ id }) {
    await collection.updateOne({ _id: id, [EVENTS_FIELD]: { $size: 0 } }, { $unset: { [EVENTS_FIELD]: '' } });
  },
});

/**
 * Relays the events waiting on the documents `filter` selects (see relayEvents); how many. What the worker's relay
 * runs over every collection, and what an erasure runs before it deletes documents that may still carry events.
 */
export function relayEventsOf(db: Db, collectionName: string, filter: Document = {}, limit = 100): Promise<number> {
  const queue = { enqueueIfAbsent: (item: NewQueueItem) => enqueueIfAbsentIn(db, item) };
  return relayEvents(carriedEvents(db.collection<CarrierDoc>(collectionName), filter), queue, limit);
}

/** Relays the events every collection's documents carry (see relayEventsOf). */
export async function relayCarriedEvents(db: Db): Promise<number> {
  let relayed = 0;
  for (const name of EVENT_CARRYING_COLLECTIONS) relayed += await relayEventsOf(db, name);
  return relayed;
}

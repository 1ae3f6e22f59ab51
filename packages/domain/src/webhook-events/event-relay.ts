import type { LeasedQueue, NewQueueItem } from '../queue/leased-queue';
import { WEBHOOK_EVENT_TOPIC, type WebhookEvent } from './webhook-event';

/**
 * An event as it waits for the fan-out on the leased queue: one item per event id, so queuing it again adds nothing,
 * due at its change's own time, so the fan-out takes events oldest first on either database.
 */
export const queuedEvent = (event: WebhookEvent): NewQueueItem => ({
  topic: WEBHOOK_EVENT_TOPIC,
  key: event.id,
  payload: { ...event },
  dueAt: new Date(event.payload.timestamp),
});

/** A document that carries events written with its change, as read. */
export interface EventCarrier {
  id: number;
  events: WebhookEvent[];
}

/**
 * Where a database has no transactions (MongoDB), an event cannot be written beside its change in a second document:
 * the changed document carries it, pushed by the same single-document write, until the relay has queued it.
 */
export interface EventCarriers {
  /** Up to `limit` documents that carry events. */
  carrying(limit: number): Promise<EventCarrier[]>;
  /** Takes this event, exactly as read, off its document. */
  takeOff(carrier: EventCarrier, event: WebhookEvent): Promise<void>;
  /** Removes the document's emptied list, so the next relay passes it by; kept when a change pushed to it meanwhile. */
  dropEmptied(carrier: EventCarrier): Promise<void>;
}

/*
 * Each event onto the queue first, then off its document: both steps are idempotent (one queue item per event id,
 * and the fan-out after it adds one message per event and endpoint), so a relay cut short between them loses
 * nothing and, run again, delivers nothing twice. How many were relayed.
 */
export async function relayEvents(
  carriers: EventCarriers,
  queue: Pick<LeasedQueue, 'enqueueIfAbsent'>,
  limit = 100,
): Promise<number> {
  let relayed = 0;
  for (const carrier of await carriers.carrying(limit)) {
    for (const event of carrier.events) {
      await queue.enqueueIfAbsent(queuedEvent(event));
      await carriers.takeOff(carrier, event);
      relayed++;
    }
    await carriers.dropEmptied(carrier);
  }
  return relayed;
}

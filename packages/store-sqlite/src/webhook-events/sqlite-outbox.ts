import type Database from 'better-sqlite3';
import { enqueueNow } from '../queue/sqlite-leased-queue';
import { WEBHOOK_EVENT_TOPIC, type WebhookEvent } from '@byline/domain/webhook-events/webhook-event';

/**
 * The embedded outbox: each event becomes an item of the leased queue (topic `webhook-event`, keyed by the event's
 * id), written on the caller's connection inside its transaction, so the change and its events are committed
 * together or not at all. The worker fans them out (see @byline/editorial's webhooks).
 */
export function recordEventsNow(db: Database.Database, events: readonly WebhookEvent[]): void {
  for (const event of events) {
    enqueueNow(db, {
      topic: WEBHOOK_EVENT_TOPIC,
      key: event.id,
      payload: { ...event },
      dueAt: new Date(event.payload.timestamp),
    });
  }
}

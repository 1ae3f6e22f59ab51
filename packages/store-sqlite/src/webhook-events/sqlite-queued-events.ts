import type Database from 'better-sqlite3';
import { enqueueNow } from '../queue/sqlite-leased-queue';
import type { WebhookEvent } from '@byline/domain/webhook-events/webhook-event';
import { queuedEvent } from '@byline/domain/webhook-events/event-relay';

/**
 * The embedded store's webhook events: each becomes its item of the leased queue (see queuedEvent), written on the
 * caller's connection inside its transaction, so the change and its events are committed together or not at all.
 * The worker fans them out (see @byline/editorial's webhooks).
 */
export function recordEventsNow(db: Database.Database, events: readonly WebhookEvent[]): void {
  for (const event of events) enqueueNow(db, queuedEvent(event));
}

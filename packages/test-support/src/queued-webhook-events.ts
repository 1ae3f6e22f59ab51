import type { LeasedQueue } from '@byline/domain/queue/leased-queue';
import { WEBHOOK_EVENT_TOPIC, type WebhookEvent } from '@byline/domain/webhook-events/webhook-event';

/**
 * The webhook events on the queue (up to 100, due or not), as the worker's fan-out would take them a minute from now.
 * Each is leased for a millisecond only, so a later call takes it again: a caller wanting the new ones skips those
 * it has seen (by id). The events still on a store's documents are not among them: relay them first.
 */
export async function takeQueuedWebhookEvents(queue: LeasedQueue): Promise<WebhookEvent[]> {
  const items = await queue.takeDue({
    topic: WEBHOOK_EVENT_TOPIC,
    now: new Date(Date.now() + 60_000),
    holder: 'contract',
    leaseMs: 1,
    limit: 100,
    evenIfNotDue: true,
  });
  return items.map((item) => item.payload as unknown as WebhookEvent);
}

import { isWebhookEventType, WEBHOOK_EVENT_TOPIC, type WebhookEvent } from '@byline/domain/webhook-events/webhook-event';
import { relayStoreOutbox } from '@byline/shared/store';
import { type LeasedQueue } from '@byline/domain/queue/leased-queue';
import type { WebhookEndpoints } from '@byline/domain/webhooks/webhook-endpoints-repository';
import type { WebhookDeliveries } from '@byline/domain/webhooks/webhook-deliveries-repository';
import type { StoreDatabase } from '@byline/domain/store/store-database';
import { nudgeEndpoint } from './endpoint-queue';

export interface FanOutOptions {
  webhookEndpoints: Pick<WebhookEndpoints, 'subscribed'>;
  webhookDeliveries: Pick<WebhookDeliveries, 'addMessage'>;
  queue: LeasedQueue;
  /** The store's database: on MongoDB the events changed documents carry are relayed onto the queue first. */
  database: StoreDatabase;
  holder: string;
  now: () => Date;
  signal?: AbortSignal;
}

/** A fan-out's lease per batch of events: a few store writes per endpoint subscribed. */
const FAN_OUT_LEASE_MS = 30_000;
/** How soon an event whose endpoint was being delivered to is tried again (see nudgeEndpoint). */
const NUDGE_RETRY_MS = 1_000;

/**
 * Hands each event on the queue to every enabled endpoint subscribed to its type (of its own account only, for an
 * account's event): a message per endpoint, then the endpoint's delivery item. Oldest event first, so an endpoint's
 * messages are in the order of the changes. Every step is idempotent (one message per event and endpoint), and the
 * event leaves the queue only once all are done, so a fan-out cut short is simply done again.
 */
export async function runWebhookFanOut(options: FanOutOptions): Promise<{ events: number; messages: number }> {
  const { webhookEndpoints, webhookDeliveries, queue, database, holder, now, signal } = options;
  await relayStoreOutbox(database);
  const summary = { events: 0, messages: 0 };
  // A read first: a quiet tick (every second) writes nothing.
  if (!(await queue.hasDue({ topic: WEBHOOK_EVENT_TOPIC, now: now(), evenIfNotDue: true }))) return summary;
  const startedAt = now();
  while (!signal?.aborted) {
    // Events not yet due as well: their due time is the change's own, and only orders them.
    const items = await queue.takeDue({
      topic: WEBHOOK_EVENT_TOPIC,
      now: now(),
      holder,
      leaseMs: FAN_OUT_LEASE_MS,
      limit: 50,
      evenIfNotDue: true,
      notSettledSince: startedAt,
    });
    if (items.length === 0) break;
    for (const item of items) {
      const event = item.payload as unknown as WebhookEvent;
      const body = JSON.stringify(event.payload);
      let waiting = false;
      // Only the events one subscribes to come this way (a test event goes straight to its one endpoint).
      const type = event.payload.type;
      const endpoints = isWebhookEventType(type) ? await webhookEndpoints.subscribed(type, event.audience) : [];
      for (const endpoint of endpoints) {
        if (
          await webhookDeliveries.addMessage(
            { endpointId: endpoint.id, eventId: event.id, type: event.payload.type, body },
            now(),
          )
        ) {
          summary.messages++;
        }
        if ((await nudgeEndpoint(queue, endpoint.id, now())) === 'leased') waiting = true;
      }
      await queue.settle(item.id, holder, waiting ? { dueAt: new Date(now().getTime() + NUDGE_RETRY_MS) } : 'done', now());
      summary.events++;
    }
  }
  return summary;
}

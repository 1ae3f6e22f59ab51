import type { DeliveredEventType } from '@byline/domain/webhook-events/webhook-event';
import type { WebhookAttempt, WebhookMessageState } from '@byline/domain/webhooks/webhooks-repository';

/**
 * A message as stored (`webhook_messages`): one per (endpoint, event), its attempts inside it; `_id` from the counters
 * collection. Read by hand by the erasure; endpoints are only ever generic documents (see
 * mongo-webhook-collections.ts).
 */
export interface WebhookMessageDoc {
  _id: number;
  endpoint_id: number;
  event_id: string;
  type: DeliveredEventType;
  body: string;
  created_at: string;
  state: WebhookMessageState;
  attempt_count: number;
  attempts: WebhookAttempt[];
}

import type { DeliveredEventType, WebhookEventType } from '@byline/domain/webhook-events/webhook-event';
import type { WebhookAttempt, WebhookMessageState } from '@byline/domain/webhooks/webhooks-repository';

/** An endpoint as stored in MongoDB (`webhook_endpoints`); `_id` from the counters collection. */
export interface WebhookEndpointDoc {
  _id: number;
  email: string;
  url: string;
  events: WebhookEventType[];
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  enabled: boolean;
  failing_since: string | null;
  disabled_reason: string | null;
  created_at: string;
}

/** A message as stored (`webhook_messages`): one per (endpoint, event), its attempts inside it. */
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

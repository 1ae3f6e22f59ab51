import { WEBHOOK_ENDPOINT_FIELDS, WEBHOOK_MESSAGE_FIELDS } from '@byline/domain/webhooks/webhook-fields';
import type { WebhookEndpoint, WebhookMessage } from '@byline/domain/webhooks/webhooks-repository';
import { numberedCollection } from '../documents/mongo-documents';

/** API accounts' webhook endpoints in the webhook_endpoints collection, their event types an array. */
export const WEBHOOK_ENDPOINTS_COLLECTION = numberedCollection<WebhookEndpoint>('webhookEndpoints', WEBHOOK_ENDPOINT_FIELDS);

/** Messages to webhook endpoints in the webhook_messages collection (unique: endpoint and event), attempts inside. */
export const WEBHOOK_MESSAGES_COLLECTION = numberedCollection<WebhookMessage>('webhookMessages', WEBHOOK_MESSAGE_FIELDS, {
  unique: [['endpointId', 'eventId']],
  absent: { attempts: [] },
});

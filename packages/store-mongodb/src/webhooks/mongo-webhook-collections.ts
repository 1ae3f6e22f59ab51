import type { WebhookEndpoint, WebhookMessage } from '@byline/domain/webhooks/webhooks-repository';
import type { MongoCollection } from '../documents/mongo-documents';

/** API accounts' webhook endpoints in the webhook_endpoints collection, their event types an array. */
export const WEBHOOK_ENDPOINTS_COLLECTION: MongoCollection<WebhookEndpoint> = {
  name: 'webhookEndpoints',
  fields: {
    id: '_id',
    email: 'email',
    url: 'url',
    events: 'events',
    secret: 'secret',
    previousSecret: 'previous_secret',
    previousSecretExpiresAt: 'previous_secret_expires_at',
    enabled: 'enabled',
    failingSince: 'failing_since',
    disabledReason: 'disabled_reason',
    createdAt: 'created_at',
  },
  key: 'id',
  generatedKey: true,
};

/** Messages to webhook endpoints in the webhook_messages collection (unique: endpoint and event), attempts inside. */
export const WEBHOOK_MESSAGES_COLLECTION: MongoCollection<WebhookMessage> = {
  name: 'webhookMessages',
  fields: {
    id: '_id',
    endpointId: 'endpoint_id',
    eventId: 'event_id',
    type: 'type',
    body: 'body',
    createdAt: 'created_at',
    state: 'state',
    attemptCount: 'attempt_count',
    attempts: 'attempts',
  },
  key: 'id',
  generatedKey: true,
  unique: [['endpointId', 'eventId']],
  absent: { attempts: [] },
};

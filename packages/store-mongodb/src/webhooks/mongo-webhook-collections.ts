import { WEBHOOK_ENDPOINT_FIELDS, WEBHOOK_MESSAGE_FIELDS } from '@byline/domain/webhooks/webhook-fields';
import { storedNames } from '@byline/domain/documents/stored-names';
import type { WebhookEndpoint, WebhookMessage } from '@byline/domain/webhooks/webhooks-repository';
import type { MongoCollection } from '../documents/mongo-documents';

/** API accounts' webhook endpoints in the webhook_endpoints collection, their event types an array. */
export const WEBHOOK_ENDPOINTS_COLLECTION: MongoCollection<WebhookEndpoint> = {
  name: 'webhookEndpoints',
  fields: storedNames(WEBHOOK_ENDPOINT_FIELDS, { id: '_id' }),
  key: 'id',
  generatedKey: true,
};

/** Messages to webhook endpoints in the webhook_messages collection (unique: endpoint and event), attempts inside. */
export const WEBHOOK_MESSAGES_COLLECTION: MongoCollection<WebhookMessage> = {
  name: 'webhookMessages',
  fields: storedNames(WEBHOOK_MESSAGE_FIELDS, { id: '_id' }),
  key: 'id',
  generatedKey: true,
  unique: [['endpointId', 'eventId']],
  absent: { attempts: [] },
};

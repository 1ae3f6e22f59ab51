import { fieldsOf } from '../documents/stored-names';
import type { WebhookEndpoint, WebhookMessage } from './webhooks-repository';

/** The fields of an API account's webhook endpoint and of a message to one, as both stores keep them. */
export const WEBHOOK_ENDPOINT_FIELDS = fieldsOf<WebhookEndpoint>()([
  'id',
  'email',
  'url',
  'events',
  'secret',
  'previousSecret',
  'previousSecretExpiresAt',
  'enabled',
  'failingSince',
  'disabledReason',
  'createdAt',
]);

export const WEBHOOK_MESSAGE_FIELDS = fieldsOf<WebhookMessage>()([
  'id',
  'endpointId',
  'eventId',
  'type',
  'body',
  'createdAt',
  'state',
  'attemptCount',
  'attempts',
]);

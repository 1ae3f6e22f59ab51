import type { WebhookEventType } from '../webhook-events/webhook-event';
import type { NewWebhookEndpoint, WebhookEndpoint } from './webhooks-repository';

/**
 * API accounts' webhook endpoints: the addresses their events are delivered to, each with its signing secret and
 * whether deliveries to it are on. The rules (the limit per account, the secret's overlap) are above it in
 * @byline/editorial's webhooks.
 */
export interface WebhookEndpoints {
  add(endpoint: NewWebhookEndpoint, at: Date): Promise<WebhookEndpoint>;
  find(id: number): Promise<WebhookEndpoint | null>;
  /** The account's endpoints, oldest first. */
  endpointsOf(email: string): Promise<WebhookEndpoint[]>;
  /** The enabled endpoints subscribed to `type`, of the account `audience` only when given; oldest first. */
  subscribed(type: WebhookEventType, audience?: string): Promise<WebhookEndpoint[]>;
  /** Enabling clears the failure and the reason; disabling records `reason`. false when there is no such endpoint. */
  setEnabled(id: number, enabled: boolean, reason?: string): Promise<boolean>;
  /** The current secret becomes the previous one, signing until `previousExpiresAt`; `secret` is the new current. */
  rotateSecret(id: number, secret: string, previousExpiresAt: Date): Promise<boolean>;
  /** Marks it failing since `since` (kept when already failing), or no longer failing (null). */
  setFailing(id: number, since: Date | null): Promise<boolean>;
  /** Removes the endpoint and its messages. */
  remove(id: number): Promise<boolean>;
}

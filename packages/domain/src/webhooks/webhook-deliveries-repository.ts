import type { NewWebhookMessage, WebhookAttempt, WebhookMessage, WebhookMessageState } from './webhooks-repository';

/**
 * The messages delivered to webhook endpoints, with every attempt at each. The rules (signing, fan-out, retries)
 * are above it in @byline/editorial's webhooks.
 */
export interface WebhookDeliveries {
  /** Adds the message unless the endpoint has one for the event already; true when added. */
  addMessage(message: NewWebhookMessage, at: Date): Promise<boolean>;
  /** The endpoint's oldest pending message. */
  nextPending(endpointId: number): Promise<WebhookMessage | null>;
  /** Appends an attempt and sets the message's state; false when there is no such message. */
  recordAttempt(messageId: number, attempt: WebhookAttempt, state: WebhookMessageState): Promise<boolean>;
  /** The endpoint's latest messages, newest first. */
  messagesOf(endpointId: number, limit: number): Promise<WebhookMessage[]>;
  findMessage(id: number): Promise<WebhookMessage | null>;
  /** Puts the message back to pending with its attempt count at zero (its attempts stay listed). */
  redeliver(messageId: number): Promise<boolean>;
  /** Deletes delivered and given-up messages made before `before` (pending ones stay); how many. */
  pruneMessages(before: Date): Promise<number>;
  /**
   * Delivered and given-up messages about a journalist whose profile is gone (its owner deleted their account) lose
   * their data (redactedJournalistBody): the journalist.unverified a deletion sends, once sent. How many.
   */
  redactAboutErasedJournalists(): Promise<number>;
}

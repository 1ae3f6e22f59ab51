import type { DeliveredEventType, WebhookEventType } from '../webhook-events/webhook-event';

/** An address an API account has events delivered to. */
export interface WebhookEndpoint {
  id: number;
  /** The API account's email. */
  email: string;
  url: string;
  /** The event types delivered to it. */
  events: WebhookEventType[];
  /** The signing secret (`whsec_…`): shown to its owner once, when made; kept to sign with. */
  secret: string;
  /** The secret before the last rotation, which signs too until `previousSecretExpiresAt` (the overlap). */
  previousSecret: string | null;
  previousSecretExpiresAt: string | null;
  enabled: boolean;
  /** Since when deliveries have been failing, without a success since; null while they succeed. */
  failingSince: string | null;
  /** Why it was disabled, in a few words, when the worker disabled it (a 410, five days of failures). */
  disabledReason: string | null;
  createdAt: string;
}

export interface NewWebhookEndpoint {
  email: string;
  url: string;
  events: WebhookEventType[];
  secret: string;
}

/** One try at delivering a message. */
export interface WebhookAttempt {
  at: string;
  /** The receiver's HTTP status; null when there was no answer (refused, timed out, unreachable). */
  status: number | null;
  /** Why it failed when there was no status, in a few words. */
  error: string | null;
  /** The start of the response body (at most WEBHOOK_EXCERPT_MAX characters). */
  excerpt: string;
}

/** pending: still to be delivered (or retried); delivered; failed: the retry schedule ran out. */
export type WebhookMessageState = 'pending' | 'delivered' | 'failed';

/** An event on its way to one endpoint: delivered in order of `id` per endpoint. */
export interface WebhookMessage {
  id: number;
  endpointId: number;
  /** The event's id: the `webhook-id` header of every attempt. */
  eventId: string;
  type: DeliveredEventType;
  /** The body, exactly as signed and sent. */
  body: string;
  createdAt: string;
  state: WebhookMessageState;
  /** Attempts since the message was (re)queued: what the retry schedule counts. */
  attemptCount: number;
  /** Every attempt, oldest first. */
  attempts: WebhookAttempt[];
}

export interface NewWebhookMessage {
  endpointId: number;
  eventId: string;
  type: DeliveredEventType;
  body: string;
}

/** The response excerpt kept per attempt. */
export const WEBHOOK_EXCERPT_MAX = 1024;

/**
 * API accounts' webhook endpoints and the messages delivered to them, with every attempt. The rules (signing,
 * fan-out, retries) are above it in @byline/editorial's webhooks.
 */
export interface Webhooks {
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

/** A sent message about a journalist, not redacted yet: its body names them by slug (see JOURNALIST_EVENT_TYPES). */
export interface SentJournalistMessage {
  id: number;
  body: string;
}

/** The changes that are rules over the store (erased-journalist.ts), not writes of it. */
export type WebhooksRuledChanges = 'redactAboutErasedJournalists';

/** What a database adapter of the webhooks provides: the port less its rules, and the primitives they use. */
export interface WebhooksStore extends Omit<Webhooks, WebhooksRuledChanges> {
  /** Every message about a journalist that was sent (or given up on) and is not redacted yet. */
  sentJournalistMessages(): Promise<SentJournalistMessage[]>;
  /** Which of these slugs a profile holds now, as its slug or as a former slug that still redirects to it. */
  slugsInUse(slugs: readonly string[]): Promise<Set<string>>;
  /** Replaces these messages' bodies, in one write; how many there were. */
  setMessageBodies(bodies: readonly SentJournalistMessage[]): Promise<number>;
}

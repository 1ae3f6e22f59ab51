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

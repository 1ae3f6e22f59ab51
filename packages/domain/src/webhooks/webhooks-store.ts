import type { WebhookDeliveries } from './webhook-deliveries-repository';
import type { WebhookEndpoints } from './webhook-endpoints-repository';

/** A sent message about a journalist, not redacted yet: its body names them by slug (see JOURNALIST_EVENT_TYPES). */
export interface SentJournalistMessage {
  id: number;
  body: string;
}

/** The changes that are rules over the store (erased-journalist.ts), not writes of it. */
export type WebhooksRuledChanges = 'redactAboutErasedJournalists';

/** Both webhook ports, as one object: what webhooksOver makes of a database adapter. */
export type WebhookPorts = WebhookEndpoints & WebhookDeliveries;

/**
 * What a database adapter of the webhooks provides: both ports less their rules, and the primitives the rules use.
 * One adapter serves both ports: endpoints and their messages are one database's tables or collections.
 */
export interface WebhooksStore extends WebhookEndpoints, Omit<WebhookDeliveries, WebhooksRuledChanges> {
  /** Every message about a journalist that was sent (or given up on) and is not redacted yet. */
  sentJournalistMessages(): Promise<SentJournalistMessage[]>;
  /** Which of these slugs a profile holds now, as its slug or as a former slug that still redirects to it. */
  slugsInUse(slugs: readonly string[]): Promise<Set<string>>;
  /** Replaces these messages' bodies, in one write; how many there were. */
  setMessageBodies(bodies: readonly SentJournalistMessage[]): Promise<number>;
}

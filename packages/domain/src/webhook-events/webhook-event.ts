import { randomBytes } from 'node:crypto';

/**
 * The events whose data names a journalist: by slug, handle_changed by the handles too, slug_changed the old slug,
 * the article events the journalist an article counts for (see articleCountEvents). A journalist's erasure redacts
 * them (erased-journalist.ts).
 */
export const JOURNALIST_EVENT_TYPES = [
  'journalist.verified',
  'journalist.unverified',
  'journalist.handle_changed',
  'journalist.slug_changed',
  'article.verified',
  'article.deactivated',
] as const;

/**
 * The changes an API account may be told of by webhook. Each is written to the outbox in the same store write as
 * the change itself (see sqlite-queued-events.ts, mongo-carried-events.ts), so no committed change goes untold.
 */
export const WEBHOOK_EVENT_TYPES = [
  ...JOURNALIST_EVENT_TYPES,
  'publisher.verified',
  'publisher.unverified',
  'api_key.revoked',
  'credential.revoked',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * The event an endpoint's owner sends to it on demand ("Send a test event"), to see their receiver accept a signed
 * delivery. It is never subscribed to: it goes to that one endpoint only, through the same delivery as the others.
 */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

/** Every type an endpoint can receive: the events subscribed to, and the test event. */
export const DELIVERED_EVENT_TYPES = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE] as const;

export type DeliveredEventType = (typeof DELIVERED_EVENT_TYPES)[number];

/** What each event means, for the pages and the docs (docs/api.md's Webhooks section says the same). */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<DeliveredEventType, string> = {
  'journalist.verified': 'A journalist’s profile was verified by an editor (or the operator): the verifiers now answer for it.',
  'journalist.unverified':
    'A journalist’s profile stopped being verified (withdrawn, its last proof lost, or its owner left): nothing answers for it.',
  'journalist.handle_changed':
    'A verified journalist’s proven handle on a network changed (a new proof, or one that ended); unproven claims never send it.',
  'journalist.slug_changed':
    'A verified journalist’s public address moved with an approved change of name; the previous one redirects to it.',
  'article.verified': 'An article started to count for a journalist: proven by its page or an editor, and listed active.',
  'article.deactivated': 'An article stopped counting for a journalist: its proof lapsed or moved, or they unlisted it.',
  'publisher.verified': 'A publisher was verified by an editor.',
  'publisher.unverified': 'A publisher stopped being verified.',
  'api_key.revoked': 'One of your own API keys was revoked or rotated away (told to your account only).',
  'credential.revoked':
    'A journalist’s signed credential was revoked (what it claimed changed): its bit is set in the status list it names.',
  'webhook.test': 'Sent only when you ask for it (“Send a test event”), to one endpoint: nothing changed.',
};

/** The queue's topic of events written by a change and not yet fanned out to the endpoints subscribed to them. */
export const WEBHOOK_EVENT_TOPIC = 'webhook-event';

/**
 * The queue's topic of endpoints with messages to deliver: one item per endpoint (keyed by its id), so one holder at
 * a time delivers an endpoint's messages, in order, and its retries wait on the item's due time.
 */
export const WEBHOOK_DELIVERY_TOPIC = 'webhook-delivery';

/** Standard Webhooks asks payloads to stay small; ours are a few fields, so a larger one is a bug. */
export const WEBHOOK_PAYLOAD_MAX_BYTES = 20 * 1024;

/** What an endpoint receives as the body (Standard Webhooks' `{type, timestamp, data}`). */
export interface WebhookPayload {
  type: DeliveredEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

/** An event as the outbox holds it: the payload, its id (the `webhook-id` header) and who may be told. */
export interface WebhookEvent {
  /** Unique per event, `msg_`-prefixed: the `webhook-id` every delivery of it carries, so receivers can dedupe. */
  id: string;
  payload: WebhookPayload;
  /**
   * The one API account (its email) whose endpoints may be told; absent: every subscribed account. A key's
   * revocation concerns its own account only.
   */
  audience?: string;
}

export const isWebhookEventType = (value: string): value is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);

let sequence = 0;

/**
 * A unique event id that sorts in the order this process made them: the time, a counter, then randomness. The
 * queue takes events of one instant in the order of their keys, so two changes in one millisecond keep their order.
 */
function newEventId(at: Date): string {
  sequence = (sequence + 1) % 36 ** 4;
  const time = Math.max(0, at.getTime()).toString(36).padStart(9, '0');
  return `msg_${time}${sequence.toString(36).padStart(4, '0')}${randomBytes(12).toString('base64url')}`;
}

/** A new event of `type` about `data`, stamped `at`. */
export function webhookEvent(
  type: WebhookEventType,
  data: Record<string, unknown>,
  at = new Date(),
  audience?: string,
): WebhookEvent {
  const event: WebhookEvent = {
    id: newEventId(at),
    payload: { type, timestamp: at.toISOString(), data },
    ...(audience === undefined ? {} : { audience }),
  };
  if (Buffer.byteLength(JSON.stringify(event.payload)) > WEBHOOK_PAYLOAD_MAX_BYTES) {
    throw new Error(`a ${type} webhook payload is larger than ${WEBHOOK_PAYLOAD_MAX_BYTES} bytes`);
  }
  return event;
}

/*
 * The events each change makes, written once here and called by both adapters of the resource that makes the change
 * (inside its unit of write, which is why they are not raised further up).
 */

/** The test event for one endpoint (see WEBHOOK_TEST_EVENT_TYPE): its data says so, and names the endpoint. */
export function webhookTestEvent(endpointId: number, at = new Date()): WebhookEvent {
  return {
    id: newEventId(at),
    payload: {
      type: WEBHOOK_TEST_EVENT_TYPE,
      timestamp: at.toISOString(),
      data: { endpoint_id: endpointId, message: 'A test event sent from Byline on request. Nothing changed.' },
    },
  };
}

/** A journalist's profile became verified or stopped being so. */
export const journalistVerificationEvent = (slug: string, verified: boolean, at = new Date()): WebhookEvent =>
  webhookEvent(verified ? 'journalist.verified' : 'journalist.unverified', { slug }, at);

/** A verified journalist's public address moved from `previous` to `slug` (an approved change of name). */
export const journalistSlugChangedEvent = (slug: string, previous: string, at = new Date()): WebhookEvent =>
  webhookEvent('journalist.slug_changed', { slug, previous }, at);

/**
 * A journalist's signed credential was revoked: named by its status list entry only, as relying parties that hold the
 * credential find it (its `credentialStatus`), and so that it says nothing of a journalist who erased their account.
 */
export const credentialRevokedEvent = (
  entry: { statusListCredential: string; statusListIndex: string },
  at = new Date(),
): WebhookEvent => webhookEvent('credential.revoked', { ...entry }, at);

/** A publisher became verified or stopped being so. */
export const publisherVerificationEvent = (slug: string, verified: boolean, at = new Date()): WebhookEvent =>
  webhookEvent(verified ? 'publisher.verified' : 'publisher.unverified', { slug }, at);

/** An API key was revoked (or rotated away): told to its own account only. `key` is the key's public id, never its secret. */
export const apiKeyRevokedEvent = (key: string, email: string, at = new Date()): WebhookEvent =>
  webhookEvent('api_key.revoked', { key }, at, email);

/**
 * An article starting to count for a profile (proven, and listed active by its owner: the verifiers answer it) is
 * article.verified; one that stops counting (its proof lapsed or moved, or its owner unlisted it) is
 * article.deactivated. `slug` names the journalist it counts (or counted) for while their profile is verified, as
 * the journalist events do; an unverified profile is never named. A co-written article sends one event per author.
 * No event when nothing changed.
 */
export function articleCountEvents(
  url: string,
  countedBefore: boolean,
  countsNow: boolean,
  slug: string | null,
  at = new Date(),
): WebhookEvent[] {
  if (countedBefore === countsNow) return [];
  const data = slug === null ? { url } : { url, slug };
  return [webhookEvent(countsNow ? 'article.verified' : 'article.deactivated', data, at)];
}

/** One network's shown handle on a profile, before and after a change ("" where none). */
export interface HandleChange {
  network: string;
  handle: string;
  previous: string;
}

/** A verified journalist's proven handles changed: an event per network whose handle changed. */
export const handleChangedEvents = (slug: string, changes: readonly HandleChange[], at = new Date()): WebhookEvent[] =>
  changes.map(({ network, handle, previous }) =>
    webhookEvent('journalist.handle_changed', { slug, network, handle, previous }, at),
  );

import { Webhook, WebhookVerificationError } from 'standardwebhooks';

/** The events Byline sends (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature v1), the test event included. */
export const WEBHOOK_EVENT_TYPES = [
  'journalist.verified',
  'journalist.unverified',
  'journalist.handle_changed',
  'journalist.slug_changed',
  'article.verified',
  'article.deactivated',
  'publisher.verified',
  'publisher.unverified',
  'api_key.revoked',
  'credential.revoked',
  // Sent to one endpoint when its owner asks for a test ("Send a test event"); never subscribed to.
  'webhook.test',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** A delivered event, in the Standard Webhooks payload shape. */
export interface WebhookEvent<Type extends string = WebhookEventType, Data = Record<string, unknown>> {
  type: Type;
  /** When the event happened (ISO 8601). */
  timestamp: string;
  data: Data;
}

/** Node's req.headers, a fetch Headers, or any map of header names (any case) to values. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/** The delivery is not from the holder of the secret, is too old or too new (5 minutes either way), or is not an event. */
export class BylineWebhookError extends Error {
  override readonly name = 'BylineWebhookError';
}

/**
 * Checks a delivery's signature with the endpoint's `whsec_…` secret (standardwebhooks' Webhook.verify) and returns
 * its event. `payload` must be the body exactly as received (express.raw, not express.json): the signature is over
 * those bytes, and parsed-then-serialised JSON is not them.
 */
export function verifyWebhook<Event extends WebhookEvent<string, unknown> = WebhookEvent>(
  secret: string,
  payload: string | Uint8Array,
  headers: WebhookHeaders,
): Event {
  if (typeof payload !== 'string' && !(payload instanceof Uint8Array)) {
    throw new TypeError('payload must be the raw body (a string or bytes): use express.raw({ type: "application/json" })');
  }
  const body = typeof payload === 'string' ? payload : new TextDecoder().decode(payload);
  let event: unknown;
  try {
    event = new Webhook(secret).verify(body, headerMap(headers));
  } catch (error) {
    if (error instanceof WebhookVerificationError) throw new BylineWebhookError(error.message, { cause: error });
    throw error;
  }
  if (!event || typeof event !== 'object' || typeof (event as { type?: unknown }).type !== 'string') {
    throw new BylineWebhookError('The payload is not a webhook event (an object with a type)');
  }
  return event as Event;
}

function headerMap(headers: WebhookHeaders): Record<string, string> {
  const map: Record<string, string> = {};
  if (isHeaders(headers)) {
    headers.forEach((value, name) => (map[name.toLowerCase()] = value));
    return map;
  }
  for (const [name, value] of Object.entries(headers)) {
    // A header sent twice arrives as a list: the first is the one a signature check can use.
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') map[name.toLowerCase()] = first;
  }
  return map;
}

function isHeaders(headers: WebhookHeaders): headers is Headers {
  return typeof headers.get === 'function' && typeof headers.forEach === 'function';
}

import {
  isWebhookEventType,
  webhookTestEvent,
  WEBHOOK_DELIVERY_TOPIC,
  type WebhookEventType,
} from '@byline/domain/webhook-events/webhook-event';
import { type LeasedQueue } from '@byline/domain/queue/leased-queue';
import { type WebhookEndpoint } from '@byline/domain/webhooks/webhooks-repository';
import type { WebhookEndpoints } from '@byline/domain/webhooks/webhook-endpoints-repository';
import type { WebhookDeliveries } from '@byline/domain/webhooks/webhook-deliveries-repository';
import type { Outbound } from '@byline/fetcher';
import { deliveryKeyOf, hurryEndpoint } from './endpoint-queue';
import { endpointUrlProblem } from './endpoint-address';
import { newSigningSecret, SECRET_OVERLAP_MS } from './signing';

/**
 * What an API account does with its endpoints, from the CLI or the portal's API settings: the rules are here once,
 * the two front ends only ask and show.
 */
export interface WebhookDeps {
  webhookEndpoints: WebhookEndpoints;
  webhookDeliveries: WebhookDeliveries;
  queue: LeasedQueue;
  outbound: Outbound;
  now?: () => Date;
}

/** A refused input, naming its field. */
export interface FieldProblem {
  field: 'url' | 'events';
  message: string;
}

/** An account may have this many endpoints. */
export const MAX_ENDPOINTS_PER_ACCOUNT = 10;

/** The event types as given (a list or comma-separated), checked: each known, at least one. */
export function parseEventTypes(input: string | readonly string[]): WebhookEventType[] | FieldProblem {
  const names = (typeof input === 'string' ? input.split(',') : [...input]).map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !isWebhookEventType(name));
  if (unknown.length > 0) return { field: 'events', message: `unknown event type: ${unknown.join(', ')}` };
  if (names.length === 0) return { field: 'events', message: 'name at least one event type' };
  return [...new Set(names)] as WebhookEventType[];
}

/** Registers an endpoint; the answer carries its secret, which is shown this once. */
export async function registerEndpoint(
  deps: WebhookDeps,
  input: { email: string; url: string; events: string | readonly string[] },
): Promise<{ endpoint: WebhookEndpoint } | { problem: FieldProblem }> {
  const events = parseEventTypes(input.events);
  if (!Array.isArray(events)) return { problem: events as FieldProblem };
  const url = input.url.trim();
  const urlProblem = await endpointUrlProblem(url, deps.outbound);
  if (urlProblem) return { problem: { field: 'url', message: urlProblem } };
  if ((await deps.webhookEndpoints.endpointsOf(input.email)).length >= MAX_ENDPOINTS_PER_ACCOUNT) {
    return { problem: { field: 'url', message: `an account may have at most ${MAX_ENDPOINTS_PER_ACCOUNT} endpoints` } };
  }
  const now = deps.now?.() ?? new Date();
  const endpoint = await deps.webhookEndpoints.add({ email: input.email, url, events, secret: newSigningSecret() }, now);
  return { endpoint };
}

/** The account's endpoint `id`, or null when it has none by that id (another account's is none of its business). */
export async function endpointOf(
  deps: Pick<WebhookDeps, 'webhookEndpoints'>,
  email: string,
  id: number,
): Promise<WebhookEndpoint | null> {
  const endpoint = Number.isSafeInteger(id) ? await deps.webhookEndpoints.find(id) : null;
  return endpoint && endpoint.email === email ? endpoint : null;
}

/** Enables (its waiting messages are delivered again) or disables the endpoint. */
export async function setEndpointEnabled(deps: WebhookDeps, endpoint: WebhookEndpoint, enabled: boolean): Promise<void> {
  await deps.webhookEndpoints.setEnabled(endpoint.id, enabled, enabled ? undefined : 'disabled by its owner');
  if (enabled) await hurryEndpoint(deps.queue, endpoint.id, deps.now?.() ?? new Date());
}

/** A new secret; the old one keeps signing for SECRET_OVERLAP_MS. The answer is the new secret, shown this once. */
export async function rotateEndpointSecret(deps: WebhookDeps, endpoint: WebhookEndpoint): Promise<string> {
  const secret = newSigningSecret();
  const now = deps.now?.() ?? new Date();
  await deps.webhookEndpoints.rotateSecret(endpoint.id, secret, new Date(now.getTime() + SECRET_OVERLAP_MS));
  return secret;
}

/** Removes the endpoint, its messages and its delivery item. */
export async function removeEndpoint(
  deps: Pick<WebhookDeps, 'webhookEndpoints' | 'queue'>,
  endpoint: WebhookEndpoint,
): Promise<void> {
  await deps.webhookEndpoints.remove(endpoint.id);
  await deps.queue.remove(WEBHOOK_DELIVERY_TOPIC, deliveryKeyOf(endpoint.id));
}

/**
 * Sends a message again, now (a retry being waited out is not waited for), in its first place among those still
 * waiting; false when the endpoint has no such message.
 */
export async function redeliverMessage(deps: WebhookDeps, endpoint: WebhookEndpoint, messageId: number): Promise<boolean> {
  const message = Number.isSafeInteger(messageId) ? await deps.webhookDeliveries.findMessage(messageId) : null;
  if (!message || message.endpointId !== endpoint.id) return false;
  await deps.webhookDeliveries.redeliver(message.id);
  await hurryEndpoint(deps.queue, endpoint.id, deps.now?.() ?? new Date());
  return true;
}

/**
 * "Send a test event": a `webhook.test` message to this one endpoint, delivered, signed and retried like any other
 * (the endpoint's queue item, in order after the messages waiting), so its owner sees their receiver accept a real
 * delivery. A disabled endpoint keeps it until enabled, as it keeps every message. Returns the message's event id.
 */
export async function sendTestEvent(deps: WebhookDeps, endpoint: WebhookEndpoint): Promise<string> {
  const at = deps.now?.() ?? new Date();
  const event = webhookTestEvent(endpoint.id, at);
  const message = { endpointId: endpoint.id, eventId: event.id, type: event.payload.type, body: JSON.stringify(event.payload) };
  await deps.webhookDeliveries.addMessage(message, at);
  await hurryEndpoint(deps.queue, endpoint.id, at);
  return event.id;
}

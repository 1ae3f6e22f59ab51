import { WEBHOOK_DELIVERY_TOPIC } from '@byline/domain/webhook-events/webhook-event';
import {
  WEBHOOK_EXCERPT_MAX,
  type WebhookAttempt,
  type WebhookEndpoint,
  type WebhookMessage,
} from '@byline/domain/webhooks/webhooks-repository';
import type { WebhookEndpoints } from '@byline/domain/webhooks/webhook-endpoints-repository';
import type { WebhookDeliveries } from '@byline/domain/webhooks/webhook-deliveries-repository';
import { type LeasedQueue, type QueueItem } from '@byline/domain/queue/leased-queue';
import type { Logger } from '@byline/domain/logging/logger';
import type { SafeFetch } from '@byline/fetcher';
import { isAccountHeld, type AccountReader } from './account-hold';
import { hurryEndpoint } from './endpoint-queue';
import { FAILING_DISABLES_AFTER_MS, retryAfterMs, retryDelayMs } from './retry-schedule';
import { signingSecretsOf, webhookHeaders } from './signing';

export interface DeliveryOptions {
  webhookEndpoints: WebhookEndpoints;
  webhookDeliveries: WebhookDeliveries;
  queue: LeasedQueue;
  /** The endpoints' API accounts: a suspended one's messages are held (see setApiAccountStatus). */
  accounts: AccountReader;
  /** The SSRF-safe fetcher (createSafeFetch with the outbound policy and a 15 s limit: see webhookFetchOf). */
  fetch: SafeFetch;
  holder: string;
  now: () => Date;
  logger?: Logger;
  signal?: AbortSignal;
}

/**
 * How long delivered and given-up messages are kept, with their attempts, for their owner to look at (pending ones
 * are kept until sent, held ones of a suspended account included): the worker prunes older ones.
 */
export const MESSAGE_RETENTION_MS = 30 * 24 * 3_600_000;

/** How long an attempt may take, body included (the specification's advice). */
export const DELIVERY_TIMEOUT_MS = 15_000;
/**
 * An endpoint's delivery item is leased for one attempt at a time (renewed before each), so a worker that dies holds
 * it this long at most.
 */
const DELIVERY_LEASE_MS = DELIVERY_TIMEOUT_MS + 5_000;
/** The most messages one run delivers to one endpoint before turning to the others. */
const MESSAGES_PER_TURN = 20;
const USER_AGENT = 'Byline-Webhooks/1.0';

export interface DeliverySummary {
  delivered: number;
  failed: number;
  disabled: number;
  /** Endpoints whose turn found their account suspended: their messages wait, unattempted. */
  held: number;
}

/** A summary with nothing counted yet, which delivery turns add to. */
export const noDeliveries = (): DeliverySummary => ({ delivered: 0, failed: 0, disabled: 0, held: 0 });

type Outcome =
  { ok: true; attempt: WebhookAttempt } | { ok: false; attempt: WebhookAttempt; gone: boolean; retryAfterMs: number | null };

/** The start of the answer's body (WEBHOOK_EXCERPT_MAX characters); the rest is not read. */
async function excerptOf(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    // Four bytes per character at most: enough bytes for the excerpt whatever the text.
    while (size < WEBHOOK_EXCERPT_MAX * 4) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // A body cut short still gives what arrived.
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, WEBHOOK_EXCERPT_MAX);
}

/** One attempt: POST the body with its signatures; 2xx is success, anything else (3xx included) a failure. */
async function attempt(fetch: SafeFetch, endpoint: WebhookEndpoint, message: WebhookMessage, at: Date): Promise<Outcome> {
  const headers = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    ...webhookHeaders(message.eventId, message.body, signingSecretsOf(endpoint, at), at),
  };
  try {
    const response = await fetch(endpoint.url, { method: 'POST', headers, body: message.body, redirect: 'manual' });
    const excerpt = await excerptOf(response);
    const result: WebhookAttempt = { at: at.toISOString(), status: response.status, error: null, excerpt };
    if (response.status >= 200 && response.status < 300) return { ok: true, attempt: result };
    return {
      ok: false,
      attempt: result,
      gone: response.status === 410,
      retryAfterMs: retryAfterMs(response.headers.get('retry-after'), at),
    };
  } catch (error) {
    const reason = error instanceof Error ? (error.name === 'TimeoutError' ? 'timed out' : error.message) : String(error);
    return {
      ok: false,
      attempt: { at: at.toISOString(), status: null, error: reason.slice(0, 200), excerpt: '' },
      gone: false,
      retryAfterMs: null,
    };
  }
}

/**
 * Delivers the endpoints' messages: each endpoint's delivery item is taken by one holder at a time, which sends its
 * oldest pending message, and only after that one is delivered (or given up) the next, so an endpoint receives its
 * messages in order. A failure reschedules the item on the retry schedule (or the receiver's Retry-After, when later)
 * and marks the endpoint failing; a 410, or failing for five days, disables it. At least once: a holder that dies
 * mid-attempt leaves its lease to expire, and the message is sent again.
 */
export async function runWebhookDelivery(options: DeliveryOptions): Promise<DeliverySummary> {
  const summary = noDeliveries();
  const startedAt = options.now();
  while (!options.signal?.aborted) {
    const items = await takeDeliveries(options, 10, { notSettledSince: startedAt });
    if (items.length === 0) break;
    // Endpoints are independent: one slow receiver does not hold up the others.
    await Promise.all(items.map((item) => deliverToEndpoint(options, item, summary)));
  }
  return summary;
}

let turns = 0;
/**
 * The name a turn's lease is held under: the worker's own, made unique per take. Two turns on one endpoint (the
 * second begun by this very worker after the first's lease passed, say while the process was paused) so never
 * hold the item under one name, and the first, renewing its lease, learns that it is no longer its own.
 */
const turnHolder = (holder: string): string => `${holder}/turn-${++turns}`;

/**
 * Leases up to `limit` endpoints with a message due (oldest due first, but for `exceptKeys`), each for one attempt's
 * time, under a holder name of this take's own (see turnHolder); none, and nothing written, when a read finds none due
 * (a quiet tick every second writes nothing).
 */
export async function takeDeliveries(
  { queue, holder, now }: Pick<DeliveryOptions, 'queue' | 'holder' | 'now'>,
  limit: number,
  { notSettledSince, exceptKeys }: { notSettledSince?: Date; exceptKeys?: string[] } = {},
): Promise<QueueItem[]> {
  const query = { topic: WEBHOOK_DELIVERY_TOPIC, notSettledSince, exceptKeys };
  if (!(await queue.hasDue({ ...query, now: now() }))) return [];
  return queue.takeDue({ ...query, now: now(), holder: turnHolder(holder), leaseMs: DELIVERY_LEASE_MS, limit });
}

/**
 * One endpoint's turn, on its leased delivery item: its pending messages in order, until one fails (then its retry
 * is scheduled), none is left, or MESSAGES_PER_TURN were sent. Before each attempt the turn renews its lease, so a
 * lease never has to cover more than one attempt; when the lease has passed (this worker was paused past it) or
 * another holder has the item, the turn stops there: the endpoint is that holder's, and only the attempt in flight
 * when the lease passed can reach the receiver twice (at least once, in order).
 */
export async function deliverToEndpoint(options: DeliveryOptions, item: QueueItem, summary: DeliverySummary): Promise<void> {
  const { webhookEndpoints, webhookDeliveries, queue, now, logger, signal } = options;
  // The name this turn's lease is held under (takeDeliveries gives each take its own).
  const holder = item.holder ?? options.holder;
  const endpointId = Number(item.key);
  for (let sent = 0; sent < MESSAGES_PER_TURN && !signal?.aborted; sent++) {
    const endpoint = await webhookEndpoints.find(endpointId);
    const message = endpoint?.enabled ? await webhookDeliveries.nextPending(endpointId) : null;
    // An endpoint removed (by its owner, or with their account) while a fan-out was adding a message for it: what
    // was added after the removal goes now, or it would stay pending, never sent and never pruned.
    if (!endpoint) await webhookEndpoints.remove(endpointId);
    // Nothing to send (or no one to send it to): the item goes; a new message or enabling queues it again.
    if (!endpoint || !message) {
      await queue.settle(item.id, holder, 'done', now());
      return;
    }
    // A suspended account's messages are held: no attempt, so nothing is counted against the message's schedule or
    // the endpoint's failures. The item goes, and reinstating the account queues it again; read again once it is
    // gone, since a reinstatement that came while this holder had the item could not queue it.
    if (await isAccountHeld(options.accounts, endpoint.email)) {
      await queue.settle(item.id, holder, 'done', now());
      if (!(await isAccountHeld(options.accounts, endpoint.email))) await hurryEndpoint(queue, endpointId, now());
      summary.held++;
      return;
    }
    if (!(await queue.renew(item.id, holder, now(), DELIVERY_LEASE_MS))) {
      logger?.warn('webhook delivery lease passed or taken over; this turn stops', { endpointId, messageId: message.id });
      return;
    }
    const at = now();
    const outcome = await attempt(options.fetch, endpoint, message, at);
    if (outcome.ok) {
      await webhookDeliveries.recordAttempt(message.id, outcome.attempt, 'delivered');
      if (endpoint.failingSince) await webhookEndpoints.setFailing(endpoint.id, null);
      summary.delivered++;
      continue;
    }
    summary.failed++;
    const failingSince = endpoint.failingSince ? new Date(endpoint.failingSince) : at;
    const log = { endpointId, messageId: message.id, status: outcome.attempt.status, error: outcome.attempt.error };
    if (outcome.gone || at.getTime() - failingSince.getTime() >= FAILING_DISABLES_AFTER_MS) {
      // The message stays pending: enabling the endpoint again delivers it.
      await webhookDeliveries.recordAttempt(message.id, outcome.attempt, 'pending');
      const reason = outcome.gone ? 'answered 410 Gone' : 'failing for 5 days';
      await webhookEndpoints.setEnabled(endpoint.id, false, reason);
      summary.disabled++;
      logger?.warn('webhook endpoint disabled', { ...log, reason });
      await queue.settle(item.id, holder, 'done', now());
      return;
    }
    await webhookEndpoints.setFailing(endpoint.id, failingSince);
    const wait = retryDelayMs(message.attemptCount + 1, outcome.retryAfterMs);
    if (wait === null) {
      // The schedule ran out: this message is given up, and the endpoint's next one is tried.
      await webhookDeliveries.recordAttempt(message.id, outcome.attempt, 'failed');
      logger?.warn('webhook message given up', log);
      continue;
    }
    await webhookDeliveries.recordAttempt(message.id, outcome.attempt, 'pending');
    logger?.info('webhook attempt failed; retrying', { ...log, retryInMs: wait });
    await queue.settle(item.id, holder, { dueAt: new Date(at.getTime() + wait) }, now());
    return;
  }
  // Turn over: the endpoint's remaining messages wait for the next run.
  await queue.settle(item.id, holder, { dueAt: now() }, now());
}

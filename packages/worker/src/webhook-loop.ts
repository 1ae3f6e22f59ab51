import type { Logger } from '@byline/domain/logging/logger';
import type { StoreDatabase } from '@byline/domain/store/store-database';
import { MESSAGE_RETENTION_MS, deliverToEndpoint, noDeliveries, type DeliverySummary } from '@byline/editorial/webhooks/deliver';
import { DeliverySlots, takeFairShare } from '@byline/editorial/webhooks/delivery-slots';
import { runWebhookFanOut } from '@byline/editorial/webhooks/fan-out';
import { type AccountReader } from '@byline/editorial/webhooks/account-hold';
import { type LeasedQueue } from '@byline/domain/queue/leased-queue';
import type { WebhookEndpoints } from '@byline/domain/webhooks/webhook-endpoints-repository';
import type { WebhookDeliveries } from '@byline/domain/webhooks/webhook-deliveries-repository';
import { type SafeFetch } from '@byline/fetcher';
import { startTicking } from './ticking-loop';

export interface WebhookLoopOptions {
  webhookEndpoints: WebhookEndpoints;
  webhookDeliveries: WebhookDeliveries;
  queue: LeasedQueue;
  /** The endpoints' API accounts: a suspended one's deliveries are held. */
  accounts: AccountReader;
  database: StoreDatabase;
  /** The SSRF-safe fetcher, 15 s per attempt (see main.ts). */
  fetch: SafeFetch;
  holder: string;
  /** The wait between runs: how soon a change's event leaves (WEBHOOK_POLL_INTERVAL; a second by default). */
  pollIntervalMs: number;
  logger: Logger;
  now?: () => Date;
  /** The delivery slots and each account's share of them (DELIVERY_SLOTS, ACCOUNT_SHARE by default). */
  slots?: DeliverySlots;
  /** Called after every run (tests wait on it). */
  onRun?: (result: { events?: number; delivery?: DeliverySummary; error?: unknown }) => void;
}

/** How often old messages are pruned (see MESSAGE_RETENTION_MS). */
const PRUNE_EVERY_MS = 3_600_000;

export interface WebhookLoop {
  /** Aborts the run in progress (an attempt in flight is left to its lease, and sent again) and ends the loop. */
  stop(): Promise<void>;
  readonly done: Promise<void>;
}

/**
 * The worker's webhook schedule, beside the re-check loop rather than in it, so that a slow re-check never holds up
 * an event: every `pollIntervalMs`, the events written by changes are fanned out to the endpoints subscribed to them,
 * and endpoints with messages due are started on, up to DELIVERY_SLOTS at a time and ACCOUNT_SHARE of them per API
 * account, without waiting for those already being delivered to: a slow receiver delays only its own messages, and
 * one account's slow receivers never hold all the slots. Replicas share the work through the leased queue; a run
 * that fails is logged and the next tick tries again. stop() waits for the deliveries in flight.
 */
export function startWebhookLoop(options: WebhookLoopOptions): WebhookLoop {
  const { pollIntervalMs, logger, onRun, now = () => new Date(), slots = new DeliverySlots(), ...rest } = options;
  const stopping = new AbortController();

  const inFlight = new Set<Promise<void>>();
  const deliveryOptions = { ...rest, now, logger, signal: stopping.signal };

  /** Starts on the due endpoints that free slots allow; each turn logs what it did when it ends. */
  const startDeliveries = async () => {
    const started = await takeFairShare(deliveryOptions, slots);
    for (const { item, account } of started) {
      const summary = noDeliveries();
      const turn = deliverToEndpoint(deliveryOptions, item, summary)
        .then(() => {
          if (summary.delivered + summary.failed + summary.held > 0) {
            logger.info('webhook deliveries', { endpointId: item.key, ...summary });
          }
          onRun?.({ delivery: summary });
        })
        .catch((error: unknown) => {
          logger.error('webhook delivery failed; the endpoint is tried again when its lease ends', {
            endpointId: item.key,
            error: error instanceof Error ? error.message : String(error),
          });
        })
        .finally(() => {
          slots.end(account);
          inFlight.delete(turn);
        });
      inFlight.add(turn);
    }
    return started.length;
  };

  let prunedAt = 0;
  const prune = async () => {
    const at = now().getTime();
    if (at - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = at;
    const pruned = await rest.webhookDeliveries.pruneMessages(new Date(at - MESSAGE_RETENTION_MS));
    if (pruned > 0) logger.info('old webhook messages pruned', { pruned });
    // The last word about a journalist who deleted their account, once sent, keeps no more of them than the rest.
    const redacted = await rest.webhookDeliveries.redactAboutErasedJournalists();
    if (redacted > 0) logger.info('webhook messages about deleted journalists redacted', { redacted });
  };

  return startTicking({
    run: 'webhook run',
    pollIntervalMs,
    logger,
    stopping,
    tick: async () => {
      await prune();
      const fanOut = await runWebhookFanOut({ ...rest, now, signal: stopping.signal });
      const started = await startDeliveries();
      logger.log(fanOut.events + started > 0 ? 'info' : 'debug', 'webhook run finished', { ...fanOut, started });
      onRun?.({ events: fanOut.events });
    },
    onError: (error) => onRun?.({ error }),
    // The deliveries a run started go on after it: stop() waits for them too.
    drain: () => Promise.all(inFlight),
  });
}

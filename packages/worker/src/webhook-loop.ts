import type { Logger, StoreDatabase } from '@byline/shared';
import {
  runWebhookDelivery,
  runWebhookFanOut,
  type DeliverySummary,
  type LeasedQueue,
  type SafeFetch,
  type Webhooks,
} from '@byline/editorial';

export interface WebhookLoopOptions {
  webhooks: Webhooks;
  queue: LeasedQueue;
  database: StoreDatabase;
  /** The SSRF-safe fetcher, 15 s per attempt (see main.ts). */
  fetch: SafeFetch;
  holder: string;
  /** The wait between runs: how soon a change's event leaves (WEBHOOK_POLL_INTERVAL; a second by default). */
  pollIntervalMs: number;
  logger: Logger;
  now?: () => Date;
  /** Called after every run (tests wait on it). */
  onRun?: (result: { events?: number; delivery?: DeliverySummary; error?: unknown }) => void;
}

export interface WebhookLoop {
  /** Aborts the run in progress (an attempt in flight is left to its lease, and sent again) and ends the loop. */
  stop(): Promise<void>;
  readonly done: Promise<void>;
}

/**
 * The worker's webhook schedule, beside the re-check loop rather than in it, so that a slow re-check never holds up
 * an event: every `pollIntervalMs`, the events written by changes are fanned out to the endpoints subscribed to them,
 * then the endpoints' due messages are delivered. Replicas share the work through the leased queue; a run that fails
 * is logged and the next tick tries again.
 */
export function startWebhookLoop(options: WebhookLoopOptions): WebhookLoop {
  const { pollIntervalMs, logger, onRun, now = () => new Date(), ...rest } = options;
  const stopping = new AbortController();
  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, pollIntervalMs);
      function done() {
        clearTimeout(timer);
        stopping.signal.removeEventListener('abort', done);
        resolve();
      }
      stopping.signal.addEventListener('abort', done);
    });

  const loop = async () => {
    while (!stopping.signal.aborted) {
      try {
        const fanOut = await runWebhookFanOut({ ...rest, now, signal: stopping.signal });
        const delivery = await runWebhookDelivery({ ...rest, now, logger, signal: stopping.signal });
        const busy = fanOut.events + delivery.delivered + delivery.failed > 0;
        logger.log(busy ? 'info' : 'debug', 'webhook run finished', { ...fanOut, ...delivery });
        onRun?.({ events: fanOut.events, delivery });
      } catch (error) {
        logger.error('webhook run failed; trying again on the next tick', {
          error: error instanceof Error ? error.message : String(error),
        });
        onRun?.({ error });
      }
      if (!stopping.signal.aborted) await pause();
    }
  };

  const done = loop();
  return {
    done,
    async stop() {
      stopping.abort();
      await done;
    },
  };
}

import { attributionAskItems, type AttributionPayload, type LeasedQueue, type Logger } from '@byline/shared';
import { ATTRIBUTION_ASKS_PER_ACCOUNT, ATTRIBUTION_ASKS_PER_PUBLISHER, AskQuota, type OverQuota } from './attribution-ask-quota';

/** How long asked-for attributions wait to be written together. */
export const ATTRIBUTION_FLUSH_MS = 5_000;
/** How long an address written once is not written again from this process (the queue would refuse it anyway). */
const REMEMBERED_MS = 10 * 60_000;
const REMEMBERED_MAX = 10_000;

export interface AttributionRequestsOptions {
  flushMs?: number;
  now?: () => number;
  /** Asks per API account and per publisher per window (ATTRIBUTION_ASKS_PER_ACCOUNT, ATTRIBUTION_ASKS_PER_PUBLISHER). */
  quota?: { perAccount: number; perPublisher: number };
  /** Told of each ask dropped over quota, and which (the service counts them in /metrics). */
  onDropped?: (over: OverQuota) => void;
}

/**
 * The attributions v2 lookups ask for, written to the leased queue together every ATTRIBUTION_FLUSH_MS instead of one
 * write per lookup (a write cost more than the rest of the lookup): as a few ATTRIBUTION_ASKS_TOPIC items, which the
 * worker spreads into one ATTRIBUTION_TOPIC item per address (queued once however often asked). An address is
 * written once per REMEMBERED_MS from this process: a lookup repeated meanwhile asks for nothing. What a crash loses
 * is the last moment's asking; the next lookup of such an address asks again, and the lookup's answer never
 * depended on it.
 *
 * Bounded: each API account (all its keys together) may ask ATTRIBUTION_ASKS_PER_ACCOUNT addresses per
 * ATTRIBUTION_ASK_WINDOW_MS, and all accounts together ATTRIBUTION_ASKS_PER_PUBLISHER of one publisher (counted per process). An ask over either is dropped, not
 * kept for later (a lookup after the window asks again), and counted in `byline_attribution_asks_dropped_total`.
 */
export class AttributionRequests {
  private pending = new Map<string, AttributionPayload>();
  private readonly written = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private readonly flushMs: number;
  private readonly now: () => number;
  private readonly quota: AskQuota;
  private readonly onDropped: (over: OverQuota) => void;

  constructor(
    private readonly queue: Pick<LeasedQueue, 'enqueueAllIfAbsent'>,
    private readonly logger: Logger,
    options: AttributionRequestsOptions = {},
  ) {
    this.flushMs = options.flushMs ?? ATTRIBUTION_FLUSH_MS;
    this.now = options.now ?? Date.now;
    const { perAccount = ATTRIBUTION_ASKS_PER_ACCOUNT, perPublisher = ATTRIBUTION_ASKS_PER_PUBLISHER } = options.quota ?? {};
    this.quota = new AskQuota(this.now, perAccount, perPublisher);
    this.onDropped = options.onDropped ?? (() => {});
  }

  /** Asks for the page's attribution on behalf of the caller's API account (counted against its quota). */
  ask(payload: AttributionPayload, account?: number): void {
    const at = this.written.get(payload.url);
    if (at !== undefined && this.now() - at < REMEMBERED_MS) return;
    if (this.pending.has(payload.url)) return;
    const over = this.quota.take(account === undefined ? '' : String(account), payload.publisherId);
    if (over) return this.onDropped(over);
    this.pending.set(payload.url, payload);
    // Never keeps the process alive on its own; stop() writes what is left.
    this.timer ??= setTimeout(() => void this.flush(), this.flushMs).unref();
  }

  /** Writes what was asked so far; calls run one after the other. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.flushing = this.flushing.then(() => this.writePending());
    return this.flushing;
  }

  /** Writes the last requests (the service stopping). */
  stop(): Promise<void> {
    return this.flush();
  }

  private async writePending(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    const dueAt = new Date(this.now());
    try {
      await this.queue.enqueueAllIfAbsent(attributionAskItems(batch, dueAt));
      this.remember(batch.map((payload) => payload.url));
      // The worker logs what it queued of them; this is only the verifier's side, at debug.
      this.logger.debug('attribution asked', { asked: batch.length });
    } catch (error) {
      // Not kept for later: the next lookup of each address asks again.
      this.logger.warn('attribution not queued', {
        asked: batch.length,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  private remember(urls: string[]): void {
    const at = this.now();
    for (const url of urls) {
      this.written.delete(url); // re-inserted last: the map's order is oldest first
      this.written.set(url, at);
    }
    for (const [url, when] of this.written) {
      if (this.written.size <= REMEMBERED_MAX && at - when < REMEMBERED_MS) break;
      this.written.delete(url);
    }
  }
}

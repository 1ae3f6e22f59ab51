import { randomUUID } from 'node:crypto';
import type { Logger } from '../logging/logger';
import { forEachDueItem, type LeasedQueue, type NewQueueItem, type QueueItem } from './leased-queue';
import {
  ATTRIBUTION_ASKS_PER_ITEM,
  ATTRIBUTION_ASKS_TOPIC,
  ATTRIBUTION_TOPIC,
  type AttributionAsksPayload,
  type AttributionPayload,
} from './topics';

/**
 * Whether the worker may fetch this address for an attribution: http(s) on the scheme's standard port only (no
 * explicit other port; `:443` on https and `:80` on http are the standard ones written out). A lookup names the
 * address, so any other port would let any API key make the worker connect to a port of its choosing on a
 * publisher's host; a publisher's proven domain names a host, never a port, so it never says otherwise.
 */
export function attributionMayFetch(address: string): boolean {
  try {
    const url = new URL(address);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.port === '';
  } catch {
    return false;
  }
}

/** The items that carry a verifier's asks of one moment: ATTRIBUTION_ASKS_PER_ITEM addresses each, random keys. */
export function attributionAskItems(asked: AttributionPayload[], dueAt: Date): NewQueueItem<AttributionAsksPayload>[] {
  const items = [];
  for (let from = 0; from < asked.length; from += ATTRIBUTION_ASKS_PER_ITEM) {
    const asks = asked.slice(from, from + ATTRIBUTION_ASKS_PER_ITEM);
    items.push({ topic: ATTRIBUTION_ASKS_TOPIC, key: randomUUID(), payload: { asks }, dueAt });
  }
  return items;
}

export interface SpreadAttributionAsksOptions {
  queue: LeasedQueue;
  holder: string;
  now: () => Date;
  signal?: AbortSignal;
  logger?: Logger;
  /**
   * The turns of each API key's asks per publisher, kept by the worker across its runs (createAskTurns); a fresh one
   * per run without.
   */
  turns?: AskTurns;
  /** How far apart one key's asks of one publisher are made due: the worker's per-host interval. 10 s. */
  spacingMs?: number;
}

/** The API keys' turns: when each key's next ask of each publisher may be due, and whose page was read last. */
export interface AskTurns {
  /** The due time of the key's next ask of the publisher: `earliest`, or a turn after its last ask's if that is later. */
  next(publisherId: number, askedBy: string, earliest: Date, spacingMs: number): Date;
  /** A page read for the key's ask at `at`. */
  served(askedBy: string, at: Date): void;
  /** A batch of due attribution items, the asks of the keys served longest ago (or never) first, else as queued. */
  inTurn(items: QueueItem[]): QueueItem[];
}

/** Per process, like the per-host pacing; entries whose turn has passed are dropped as they are met. */
export function createAskTurns(): AskTurns {
  const last = new Map<string, number>();
  const servedAt = new Map<string, number>();
  const keyOf = (item: QueueItem) => ((item.payload as Partial<AttributionPayload>).askedBy ?? '') as string;
  return {
    served(askedBy, at) {
      servedAt.delete(askedBy); // re-inserted last: the map's order is longest ago first
      servedAt.set(askedBy, at.getTime());
      if (servedAt.size > 10_000) servedAt.delete(servedAt.keys().next().value!);
    },
    inTurn(items) {
      const since = (item: QueueItem) => servedAt.get(keyOf(item)) ?? Number.NEGATIVE_INFINITY;
      // Array.prototype.sort is stable: items of keys served alike keep the queue's order.
      return [...items].sort((a, b) => since(a) - since(b));
    },
    next(publisherId, askedBy, earliest, spacingMs) {
      const key = `${publisherId} ${askedBy}`;
      const previous = last.get(key);
      const at = previous === undefined ? earliest.getTime() : Math.max(earliest.getTime(), previous + spacingMs);
      last.set(key, at);
      if (last.size > 10_000) {
        for (const [old, when] of last) if (when < earliest.getTime()) last.delete(old);
      }
      return new Date(at);
    },
  };
}

const DEFAULT_SPACING_MS = 10_000;

const LEASE_MS = 60_000;
const BATCH_SIZE = 10;

/** An ask as AttributionRequests writes it: a canonical address, the address given, the publisher's id. */
const isAsk = (ask: unknown): ask is AttributionPayload => {
  const { url, address, publisherId, askedBy } = (ask ?? {}) as Partial<AttributionPayload>;
  return (
    typeof url === 'string' &&
    url !== '' &&
    (address === undefined || typeof address === 'string') &&
    (askedBy === undefined || typeof askedBy === 'string') &&
    Number.isSafeInteger(publisherId)
  );
};
/**
 * The worker's first step of attribution: turns the verifiers' asks (ATTRIBUTION_ASKS_TOPIC, many addresses per
 * item) into one ATTRIBUTION_TOPIC item per address, each queued once however often it was asked
 * (enqueueAllIfAbsent), and then removes the asks. Safe to repeat and to run on several replicas: a worker stopped
 * between the two leaves the asks to their lease, and queuing them again adds no second item for an address still
 * queued (one finished and removed meanwhile is queued afresh, and its page read once more). The count newly queued.
 *
 * Fair between the API keys that asked: each key's asks of a publisher are made due one `spacingMs` after another
 * (its first at once), so the worker, which reads a host's pages one per interval in due order, takes the keys' asks
 * in turn: a key that asked for hundreds of pages delays another key's first ask by about one page, not by all of
 * its own. An address the worker may not fetch (see attributionMayFetch) is dropped here too.
 */
export async function spreadAttributionAsks(options: SpreadAttributionAsksOptions): Promise<number> {
  const { queue, holder, now, signal, logger, spacingMs = DEFAULT_SPACING_MS } = options;
  const turns = options.turns ?? createAskTurns();
  let queued = 0;
  const run = { topic: ATTRIBUTION_ASKS_TOPIC, holder, leaseMs: LEASE_MS, batchSize: BATCH_SIZE, now, signal };
  await forEachDueItem(queue, run, async (item) => {
    const { asks } = item.payload as Partial<AttributionAsksPayload>;
    const wellFormed = Array.isArray(asks) ? asks.filter(isAsk) : [];
    // An item no verifier of this version wrote must not stop every later run: what is readable of it is queued.
    if (wellFormed.length !== (Array.isArray(asks) ? asks.length : 1)) {
      logger?.warn('attribution asks item with unreadable asks; the rest queued', { id: item.id, key: item.key });
    }
    const asked = new Date(item.dueAt);
    const fetchable = wellFormed.filter((payload) => attributionMayFetch(payload.address ?? payload.url));
    queued += await queue.enqueueAllIfAbsent(
      fetchable.map((payload) => {
        const dueAt = turns.next(payload.publisherId, payload.askedBy ?? '', asked, spacingMs);
        return { topic: ATTRIBUTION_TOPIC, key: payload.url, payload, dueAt };
      }),
    );
    await queue.settle(item.id, holder, 'done', now());
  });
  if (queued > 0) logger?.info('attribution queued', { queued });
  return queued;
}

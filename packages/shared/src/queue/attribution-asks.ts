import { randomUUID } from 'node:crypto';
import type { Logger } from '../logging/logger';
import { forEachDueItem, type LeasedQueue, type NewQueueItem } from './leased-queue';
import {
  ATTRIBUTION_ASKS_PER_ITEM,
  ATTRIBUTION_ASKS_TOPIC,
  ATTRIBUTION_TOPIC,
  type AttributionAsksPayload,
  type AttributionPayload,
} from './topics';

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
}

const LEASE_MS = 60_000;
const BATCH_SIZE = 10;

/** An ask as AttributionRequests writes it: a canonical address, the address given, the publisher's id. */
const isAsk = (ask: unknown): ask is AttributionPayload => {
  const { url, address, publisherId } = (ask ?? {}) as Partial<AttributionPayload>;
  return (
    typeof url === 'string' &&
    url !== '' &&
    (address === undefined || typeof address === 'string') &&
    Number.isSafeInteger(publisherId)
  );
};
/**
 * The worker's first step of attribution: turns the verifiers' asks (ATTRIBUTION_ASKS_TOPIC, many addresses per
 * item) into one ATTRIBUTION_TOPIC item per address, each queued once however often it was asked
 * (enqueueAllIfAbsent), and then removes the asks. Safe to repeat and to run on several replicas: a worker stopped
 * between the two leaves the asks to their lease, and queuing them again adds no second item for an address still
 * queued (one finished and removed meanwhile is queued afresh, and its page read once more). The count newly queued.
 */
export async function spreadAttributionAsks(options: SpreadAttributionAsksOptions): Promise<number> {
  const { queue, holder, now, signal, logger } = options;
  let queued = 0;
  const run = { topic: ATTRIBUTION_ASKS_TOPIC, holder, leaseMs: LEASE_MS, batchSize: BATCH_SIZE, now, signal };
  await forEachDueItem(queue, run, async (item) => {
    const { asks } = item.payload as Partial<AttributionAsksPayload>;
    const wellFormed = Array.isArray(asks) ? asks.filter(isAsk) : [];
    // An item no verifier of this version wrote must not stop every later run: what is readable of it is queued.
    if (wellFormed.length !== (Array.isArray(asks) ? asks.length : 1)) {
      logger?.warn('attribution asks item with unreadable asks; the rest queued', { id: item.id, key: item.key });
    }
    const dueAt = new Date(item.dueAt);
    queued += await queue.enqueueAllIfAbsent(
      wellFormed.map((payload) => ({ topic: ATTRIBUTION_TOPIC, key: payload.url, payload, dueAt })),
    );
    await queue.settle(item.id, holder, 'done', now());
  });
  if (queued > 0) logger?.info('attribution queued', { queued });
  return queued;
}

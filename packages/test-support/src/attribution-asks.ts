import { ATTRIBUTION_ASKS_TOPIC, type AttributionAsksPayload } from '@byline/domain/queue/topics';
import { type LeasedQueue } from '@byline/domain/queue/leased-queue';

/**
 * The addresses the verifiers asked attribution for that the worker has not spread yet, read without keeping them
 * (each item is leased for the read and released at once).
 */
export async function unspreadAttributionAsks(queue: LeasedQueue): Promise<string[]> {
  const holder = 'test-peek';
  const items = await queue.takeDue({
    topic: ATTRIBUTION_ASKS_TOPIC,
    now: new Date(),
    holder,
    leaseMs: 1_000,
    limit: 1_000,
    evenIfNotDue: true,
  });
  for (const item of items) await queue.release(item.id, holder);
  return items.flatMap((item) => (item.payload as AttributionAsksPayload).asks.map((ask) => ask.url));
}

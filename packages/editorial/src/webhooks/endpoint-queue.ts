import { WEBHOOK_DELIVERY_TOPIC } from '@byline/domain/webhook-events/webhook-event';
import { type LeasedQueue } from '@byline/domain/queue/leased-queue';

/** The delivery item of an endpoint: its key on the queue. */
export const deliveryKeyOf = (endpointId: number): string => String(endpointId);

/**
 * Makes sure the endpoint's delivery item will see the messages written before this call: 'queued' (it was not
 * there and now is, due at `now`) or 'present' (there and free: whoever takes it next reads the messages) — or
 * 'leased': a holder has it and may be about to settle it as done, having read the messages before these were
 * written. Then the caller tries again later (the fan-out reschedules its event), until the item is free or gone.
 */
export async function nudgeEndpoint(queue: LeasedQueue, endpointId: number, now: Date): Promise<'queued' | 'present' | 'leased'> {
  const key = deliveryKeyOf(endpointId);
  if (await queue.enqueueIfAbsent({ topic: WEBHOOK_DELIVERY_TOPIC, key, payload: { endpointId }, dueAt: now })) return 'queued';
  const item = await queue.find(WEBHOOK_DELIVERY_TOPIC, key);
  if (!item) return nudgeEndpoint(queue, endpointId, now);
  return item.holder === null ? 'present' : 'leased';
}

/**
 * The endpoint's delivery item due now, even when it was waiting out a retry: what its owner's explicit acts
 * (redeliver, enable) ask for. An item a holder has leased is left to it (it is delivering now anyway).
 */
export async function hurryEndpoint(queue: LeasedQueue, endpointId: number, now: Date): Promise<void> {
  await queue.enqueue({ topic: WEBHOOK_DELIVERY_TOPIC, key: deliveryKeyOf(endpointId), payload: { endpointId }, dueAt: now });
}

import { fieldsOf } from '../documents/stored-names';
import type { StoredQueueItem } from './stored-queue-item';

/**
 * A queue item as the generic documents read and clear it: one per topic and key, its payload JSON text. Its lease
 * and due time stay the leased queue's.
 */
export type QueueItemDocument = Pick<StoredQueueItem, 'topic' | 'key' | 'payload'>;

/** The fields of a queue item the documents read, as both stores keep them (see stored-names.ts). */
export const QUEUE_ITEM_FIELDS = fieldsOf<QueueItemDocument>()(['topic', 'key', 'payload']);

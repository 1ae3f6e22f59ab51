/** A queue item as both databases store it (a row of `queue_items`, a document of `queue_items`), less its id. */
export interface StoredQueueItem {
  topic: string;
  key: string;
  /** The payload as JSON text: any JSON, whatever its keys. */
  payload: string;
  due_at: string;
  holder: string | null;
  leased_until: string | null;
  settled_at: string | null;
}

/**
 * A leased queue: work items that one holder at a time takes, does, and settles. Each database implements it once
 * (sqlite-leased-queue.ts, mongo-leased-queue.ts) and every kind of work uses it under its own topic — the re-checks
 * of rel="me" proofs today — with no adapter code of its own.
 *
 * An item is unique per (topic, key): the key names the thing the work is about (a proof's id, say), so work is
 * never queued twice for it. A lease is a holder's name and a time (`leasedUntil`): until then no one else takes the
 * item; past it, anyone may, and the first holder's settle still counts until then (see settle). A holder that dies
 * leaves leases that simply expire, so nothing is lost.
 */

/** The JSON a work item carries. */
export type QueuePayload = Record<string, unknown>;

export interface QueueItem<P extends QueuePayload = QueuePayload> {
  /** Opaque; stable for the item's life. */
  id: string;
  topic: string;
  key: string;
  payload: P;
  /** When the work is due (ISO 8601). */
  dueAt: string;
  /** Who holds the lease, while someone does. */
  holder: string | null;
  leasedUntil: string | null;
  /** When its holder last settled it (rescheduled it); null before that. */
  settledAt: string | null;
}

export interface NewQueueItem<P extends QueuePayload = QueuePayload> {
  topic: string;
  key: string;
  payload: P;
  dueAt: Date;
}

/** Which items a take considers (and countLeasedElsewhere counts). */
export interface DueQuery {
  topic: string;
  now: Date;
  holder: string;
  /** Items not due yet as well (still oldest due first). */
  evenIfNotDue?: boolean;
  /**
   * Leaves out items settled between this instant and `now`: a run gives its start, so it never takes again what
   * it (or another run meanwhile) has done. A settle stamped later than `now` (another host's clock ahead of this
   * one's) does not count, so an item is never left out on a clock's word alone.
   */
  notSettledSince?: Date;
  /** Leaves out the items of these keys: work its caller will not start now (an account at its share of slots). */
  exceptKeys?: string[];
}

/** What its holder does with an item: due again at `dueAt` (payload replaced when given), or done (deleted). */
export type Settlement<P extends QueuePayload = QueuePayload> = { dueAt: Date; payload?: P } | 'done';

export interface LeasedQueue {
  /**
   * Queues the work of (topic, key) at `dueAt`; an item already queued for the key takes the new due time and
   * payload, unless someone holds its lease: then it is left as it is (its holder's settle decides what becomes of
   * it) and the answer is false. A caller whose change must not be lost so settles it itself or enqueues again
   * once the lease is settled. True when the item now holds these values.
   */
  enqueue(item: NewQueueItem): Promise<boolean>;
  /**
   * Queues the work of (topic, key) at `dueAt` only when nothing is queued for the key: an item already there keeps
   * its due time and payload (work that asks again for the same thing neither hurries nor delays it). Atomic: of
   * several callers at once, one queues it. True when this call queued it.
   */
  enqueueIfAbsent(item: NewQueueItem): Promise<boolean>;
  /**
   * enqueueIfAbsent for each item, in one write where the database allows (one transaction on SQLite): for work
   * asked for often and cheaply, gathered and written together. How many of them this call queued.
   */
  enqueueAllIfAbsent(items: NewQueueItem[]): Promise<number>;
  /**
   * Leases to `holder`, until `now + leaseMs`, up to `limit` items of the topic due at `now` whose lease is free
   * or expired, oldest due first (then oldest queued). Atomic per item: two holders never take the same one.
   */
  takeDue(query: DueQuery & { leaseMs: number; limit: number }): Promise<QueueItem[]>;
  /**
   * Leases the item of (topic, key) to `holder` until `now + leaseMs`, due or not, if its lease is free or expired:
   * work asked for by its key (a sign-in's callback) rather than by its time. Null when there is no such item or
   * someone else holds it; atomic, so of several holders asking at once only one gets it.
   */
  take(query: { topic: string; key: string; now: Date; holder: string; leaseMs: number }): Promise<QueueItem | null>;
  /**
   * The holder settles its item: rescheduled (and its lease freed, `settledAt` stamped with `at`) or done.
   * Refused (false, nothing written) unless `holder` still holds it: a lease that expired and passed to another
   * holder is that holder's to settle; one that expired and was not taken again is still this holder's.
   */
  settle(id: string, holder: string, next: Settlement, at: Date): Promise<boolean>;
  /**
   * The holder renews its lease, to `now + leaseMs`, before each step of long work (a heartbeat), and learns
   * whether it may go on: refused (false, nothing written) when the lease has passed at `now` or `holder` no longer
   * holds the item (another took it, or it was settled or removed). A holder refused stops: the item is another's.
   */
  renew(id: string, holder: string, now: Date, leaseMs: number): Promise<boolean>;
  /** Frees the holder's lease without settling (the item stays due as it was); false unless `holder` holds it. */
  release(id: string, holder: string): Promise<boolean>;
  /** How many items the query matches whose unexpired lease another holder has. */
  countLeasedElsewhere(query: DueQuery): Promise<number>;
  /**
   * Whether a take of the query would find an item (due, lease free or expired), by a read: a poll every second
   * asks this first, so that a quiet tick writes nothing (on the embedded store a take is a write transaction).
   */
  hasDue(query: Omit<DueQuery, 'holder'>): Promise<boolean>;
  /** The item of (topic, key), if queued. */
  find(topic: string, key: string): Promise<QueueItem | null>;
  /** Takes the work of (topic, key) off the queue, leased or not; false when there was none. */
  remove(topic: string, key: string): Promise<boolean>;
}

/** What a run over a topic's due items takes them with. */
export interface DueRun {
  topic: string;
  holder: string;
  /** How long each batch is leased: long enough for the whole batch's work. */
  leaseMs: number;
  batchSize: number;
  now: () => Date;
  /** Stops the run: no more items are taken; an item in hand is left to its lease, which expires. */
  signal?: AbortSignal;
  /**
   * A heartbeat: while the batch is worked, its items' leases are renewed this often (real time), so a short
   * `leaseMs` holds as long as the holder lives, and a holder that dies leaves its items to others soon. Without
   * it, the lease must cover the whole batch.
   */
  renewEveryMs?: number;
  /** The order a batch's items are worked in (the queue's, by due time, without). */
  order?: (items: QueueItem[]) => QueueItem[];
}

/**
 * A worker's run over the due items of a topic: batches leased to `holder`, each item handed to `work` in turn,
 * until none is due or the signal aborts. It never takes again what was settled since it began (notSettledSince),
 * so an item `work` reschedules for now is left for the next run.
 */
export async function forEachDueItem(queue: LeasedQueue, run: DueRun, work: (item: QueueItem) => Promise<void>): Promise<void> {
  const { topic, holder, leaseMs, batchSize, now, signal, renewEveryMs } = run;
  const notSettledSince = now();
  while (!signal?.aborted) {
    const items = await queue.takeDue({ topic, now: now(), holder, leaseMs, limit: batchSize, notSettledSince });
    if (items.length === 0) return;
    const inHand = new Set(items);
    const heartbeat = renewEveryMs ? keepLeases(queue, run, inHand) : null;
    try {
      for (const item of run.order ? run.order(items) : items) {
        if (signal?.aborted) return;
        // Checked before each item, as the heartbeat may have been late: a lease passed is another's to work.
        if (!inHand.has(item) || (renewEveryMs && !(await queue.renew(item.id, holder, now(), leaseMs)))) continue;
        await work(item);
        inHand.delete(item);
      }
    } finally {
      heartbeat?.stop();
    }
  }
}

/**
 * Renews the leases of the items in hand every `renewEveryMs` until stopped (or the run is); an item whose lease
 * could not be renewed (passed, or taken by another) leaves the set, so it is not worked. The item being worked is
 * renewed too; if its lease is lost all the same, its holder's settle is refused, as any late holder's is. A renewal
 * that fails (the store does not answer) is tried on the next beat: the lease may pass meanwhile, which the check
 * before each item sees.
 */
function keepLeases(queue: LeasedQueue, run: DueRun, inHand: Set<QueueItem>): { stop(): void } {
  let beating = false;
  const timer = setInterval(() => {
    // A run stopped renews nothing: what it had in hand is left to its lease, as a holder that died leaves it.
    if (run.signal?.aborted) return clearInterval(timer);
    if (beating) return;
    beating = true;
    void (async () => {
      for (const item of [...inHand]) {
        const renewed = await queue.renew(item.id, run.holder, run.now(), run.leaseMs).catch(() => true);
        if (!renewed) inHand.delete(item);
      }
    })().finally(() => {
      beating = false;
    });
  }, run.renewEveryMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

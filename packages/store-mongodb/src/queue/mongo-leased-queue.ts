import type { Db, Filter } from 'mongodb';
import type { MongoDatabase } from '../store/mongo-database';
import { isDuplicateKey } from '../store/mongo-errors';
import { serialised } from '../store/mongo-ids';
import { collectionOf, type QueueItemDoc } from '../store/mongo-schema';
import type { DueQuery, LeasedQueue, NewQueueItem, QueueItem, QueuePayload, Settlement } from '@byline/domain/queue/leased-queue';

/*
 * The MongoDB LeasedQueue: collection `queue_items`, one document per (topic, key) (its _id), so every operation
 * is a single-document write. A take is one findOneAndUpdate per item, conditional on "due, lease free or
 * expired", so of several holders only one takes an item. FerretDB 1.x applies it as read-then-write
 * (FerretDB#3040, see mongo-ids.ts), so takes are also serialised in this process; on FerretDB (tests only) two
 * processes taking at the same instant could both get one item.
 */

/** An item's _id: one item per (topic, key). */
export const queueItemIdOf = (topic: string, key: string): string => JSON.stringify([topic, key]);

const toItem = (doc: QueueItemDoc): QueueItem => ({
  id: doc._id,
  topic: doc.topic,
  key: doc.key,
  payload: JSON.parse(doc.payload) as QueuePayload,
  dueAt: doc.due_at,
  // Absent, not null, on an item FerretDB inserted by upsert: it drops nulls of $setOnInsert.
  holder: doc.holder ?? null,
  leasedUntil: doc.leased_until ?? null,
  settledAt: doc.settled_at ?? null,
});

/** dueFilter as a MongoDB filter (see DueQuery for what it selects). */
function dueFilter({ topic, now, evenIfNotDue = false, notSettledSince, exceptKeys }: DueQuery): Filter<QueueItemDoc> {
  const at = now.toISOString();
  return {
    topic,
    ...(exceptKeys?.length ? { key: { $nin: exceptKeys } } : {}),
    ...(evenIfNotDue ? {} : { due_at: { $lte: at } }),
    ...(notSettledSince ? { settled_at: { $not: { $gte: notSettledSince.toISOString(), $lte: at } } } : {}),
  };
}

/** Enqueue as one step of a resource's own ordered writes (see LeasedQueue.enqueue). */
export async function enqueueIn(db: Db, { topic, key, payload, dueAt }: NewQueueItem): Promise<boolean> {
  try {
    // Matches a free item or none; an item someone holds is not matched, and the upsert's insert of its _id is refused.
    await collectionOf(db, 'queueItems').updateOne(
      { _id: queueItemIdOf(topic, key), holder: null },
      {
        $set: { payload: JSON.stringify(payload), due_at: dueAt.toISOString() },
        $setOnInsert: { topic, key, leased_until: null, settled_at: null },
      },
      { upsert: true },
    );
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

/** EnqueueIfAbsent as one step of a resource's own ordered writes (see LeasedQueue.enqueueIfAbsent). */
export async function enqueueIfAbsentIn(db: Db, { topic, key, payload, dueAt }: NewQueueItem): Promise<boolean> {
  try {
    // Only $setOnInsert: an item already queued for the key matches and is left exactly as it is.
    const result = await collectionOf(db, 'queueItems').updateOne(
      { _id: queueItemIdOf(topic, key) },
      {
        $setOnInsert: {
          topic,
          key,
          payload: JSON.stringify(payload),
          due_at: dueAt.toISOString(),
          leased_until: null,
          settled_at: null,
        },
      },
      { upsert: true },
    );
    return result.upsertedCount > 0;
  } catch (error) {
    // Two callers upserting the same _id at once: the other one queued it.
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

/** Settle as one step of a resource's own ordered writes (see LeasedQueue.settle). */
export async function settleIn(db: Db, id: string, holder: string, next: Settlement, at: Date): Promise<boolean> {
  const items = collectionOf(db, 'queueItems');
  if (next === 'done') return (await items.deleteOne({ _id: id, holder })).deletedCount > 0;
  const set = {
    due_at: next.dueAt.toISOString(),
    holder: null,
    leased_until: null,
    settled_at: at.toISOString(),
    ...(next.payload === undefined ? {} : { payload: JSON.stringify(next.payload) }),
  };
  return (await items.updateOne({ _id: id, holder }, { $set: set })).matchedCount > 0;
}

/** The item of (topic, key). */
async function findIn(db: Db, topic: string, key: string): Promise<QueueItem | null> {
  const doc = await collectionOf(db, 'queueItems').findOne({ _id: queueItemIdOf(topic, key) });
  return doc ? toItem(doc) : null;
}

export class MongoLeasedQueue implements LeasedQueue {
  constructor(private readonly database: MongoDatabase) {}

  private get db(): Db {
    return this.database.db;
  }

  enqueue(item: NewQueueItem): Promise<boolean> {
    return this.database.run(() => enqueueIn(this.db, item));
  }

  enqueueIfAbsent(item: NewQueueItem): Promise<boolean> {
    return this.database.run(() => enqueueIfAbsentIn(this.db, item));
  }

  /** One upsert per item (FerretDB's bulk upserts do not say which were inserted): no transaction to share here. */
  enqueueAllIfAbsent(items: NewQueueItem[]): Promise<number> {
    return this.database.run(async () => {
      let queued = 0;
      for (const item of items) if (await enqueueIfAbsentIn(this.db, item)) queued++;
      return queued;
    });
  }

  takeDue({ leaseMs, limit, ...query }: DueQuery & { leaseMs: number; limit: number }): Promise<QueueItem[]> {
    const at = query.now.toISOString();
    const leasedUntil = new Date(query.now.getTime() + leaseMs).toISOString();
    const items = collectionOf(this.db, 'queueItems');
    return this.database.run(() =>
      serialised(this.db, `queue-lease:${query.topic}`, async () => {
        const taken: QueueItem[] = [];
        while (taken.length < limit) {
          const doc = await items.findOneAndUpdate(
            {
              ...dueFilter(query),
              _id: { $nin: taken.map((item) => item.id) },
              $or: [{ leased_until: null }, { leased_until: { $lt: at } }],
            },
            { $set: { holder: query.holder, leased_until: leasedUntil } },
            { sort: { due_at: 1, _id: 1 }, returnDocument: 'after' },
          );
          if (!doc) break;
          taken.push(toItem(doc));
        }
        return taken;
      }),
    );
  }

  take({ topic, key, now, holder, leaseMs }: Parameters<LeasedQueue['take']>[0]): Promise<QueueItem | null> {
    const at = now.toISOString();
    const leasedUntil = new Date(now.getTime() + leaseMs).toISOString();
    return this.database.run(() =>
      serialised(this.db, `queue-lease:${topic}`, async () => {
        const doc = await collectionOf(this.db, 'queueItems').findOneAndUpdate(
          { _id: queueItemIdOf(topic, key), $or: [{ leased_until: null }, { leased_until: { $lt: at } }] },
          { $set: { holder, leased_until: leasedUntil } },
          { returnDocument: 'after' },
        );
        return doc ? toItem(doc) : null;
      }),
    );
  }

  settle(id: string, holder: string, next: Settlement, at: Date): Promise<boolean> {
    return this.database.run(() => settleIn(this.db, id, holder, next, at));
  }

  /**
   * One conditional single-document update: the holder's, with its lease not passed at `now`. Serialised with the
   * takes of its topic (read from the id), as they are, so that in this process a take never reads a lease as
   * passed while it is being renewed.
   */
  renew(id: string, holder: string, now: Date, leaseMs: number): Promise<boolean> {
    const leasedUntil = new Date(now.getTime() + leaseMs).toISOString();
    const [topic] = JSON.parse(id) as [string];
    return this.database.run(() =>
      serialised(this.db, `queue-lease:${topic}`, async () => {
        const result = await collectionOf(this.db, 'queueItems').updateOne(
          { _id: id, holder, leased_until: { $gte: now.toISOString() } },
          { $set: { leased_until: leasedUntil } },
        );
        return result.matchedCount > 0;
      }),
    );
  }

  release(id: string, holder: string): Promise<boolean> {
    return this.database.run(
      async () =>
        (await collectionOf(this.db, 'queueItems').updateOne({ _id: id, holder }, { $set: { holder: null, leased_until: null } }))
          .matchedCount > 0,
    );
  }

  countLeasedElsewhere(query: DueQuery): Promise<number> {
    return this.database.run(() =>
      collectionOf(this.db, 'queueItems').countDocuments({
        ...dueFilter(query),
        leased_until: { $gte: query.now.toISOString() },
        holder: { $ne: query.holder },
      }),
    );
  }

  hasDue(query: Omit<DueQuery, 'holder'>): Promise<boolean> {
    const at = query.now.toISOString();
    return this.database.run(
      async () =>
        (await collectionOf(this.db, 'queueItems').countDocuments(
          { ...dueFilter({ ...query, holder: '' }), $or: [{ leased_until: null }, { leased_until: { $lt: at } }] },
          { limit: 1 },
        )) > 0,
    );
  }

  find(topic: string, key: string): Promise<QueueItem | null> {
    return this.database.run(() => findIn(this.db, topic, key));
  }

  remove(topic: string, key: string): Promise<boolean> {
    return this.database.run(
      async () => (await collectionOf(this.db, 'queueItems').deleteOne({ _id: queueItemIdOf(topic, key) })).deletedCount > 0,
    );
  }
}

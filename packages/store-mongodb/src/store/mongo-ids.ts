import type { Db } from 'mongodb';
import { isDuplicateKey } from './mongo-errors';
import { collectionOf } from './mongo-schema';

/**
 * Integer ids from the counters collection: one findOneAndUpdate + $inc (upserting the counter) reserves
 * a block. On MongoDB that is atomic. FerretDB 1.x applies updates as read-then-write without a
 * transaction (FerretDB#3040), so two writers can be handed the same block; that is why every document
 * is inserted with its new _id through a write that the unique _id index refuses on a repeat, and the
 * caller reserves again (see withNewIds). Reservations are also serialised within a process, so only
 * writers in different processes can ever collide. Ids reserved and not used leave gaps, which is fine.
 */
const queues = new WeakMap<Db, Map<string, Promise<unknown>>>();

/** Runs work one call at a time per (database, name) within this process. */
export function serialised<T>(db: Db, name: string, work: () => Promise<T>): Promise<T> {
  let byName = queues.get(db);
  if (!byName) queues.set(db, (byName = new Map()));
  const previous = byName.get(name) ?? Promise.resolve();
  const result = previous.then(work, work);
  byName.set(
    name,
    result.catch(() => undefined),
  );
  return result;
}

/** Reserves `count` consecutive ids for a collection and returns the first (0 when count is 0). */
export function reserveIds(db: Db, collection: string, count: number): Promise<number> {
  if (count <= 0) return Promise.resolve(0);
  return serialised(db, `ids:${collection}`, async () => {
    const counters = collectionOf(db, 'counters');
    const inc = () =>
      counters.findOneAndUpdate({ _id: collection }, { $inc: { seq: count } }, { upsert: true, returnDocument: 'after' });
    // Two first-ever reservations may both try to insert the counter; the loser finds it on a second try.
    const counter = await inc().catch((error: unknown) => {
      if (isDuplicateKey(error)) return inc();
      throw error;
    });
    if (!counter) throw new Error(`counter ${collection} was not returned`);
    return counter.seq - count + 1;
  });
}

const ATTEMPTS = 5;

/**
 * Runs `write(firstId)` with a freshly reserved block of `count` ids, again with a new block when it
 * fails on a duplicate key (an id handed out twice, or a concurrent writer inserting the same natural
 * key first). `write` must be idempotent apart from the ids it inserts with, and work out again what
 * still needs an id (`count` is recomputed through `plan` on every attempt).
 */
export async function withNewIds<T>(
  db: Db,
  collection: string,
  plan: () => Promise<{ count: number; write: (firstId: number) => Promise<T> }>,
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { count, write } = await plan();
    try {
      return await write(await reserveIds(db, collection, count));
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      lastError = error;
    }
  }
  throw lastError;
}

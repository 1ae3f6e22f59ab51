import type Database from 'better-sqlite3';
import type { SqliteDatabase } from '../store/sqlite-database';
import { preparedPerConnection } from '../store/prepared-per-connection';
import type { StoredQueueItem } from '@byline/domain/queue/stored-queue-item';
import type { DueQuery, LeasedQueue, NewQueueItem, QueueItem, QueuePayload, Settlement } from '@byline/domain/queue/leased-queue';

/** The embedded LeasedQueue: table `queue_items` (migration 020), one statement per operation. */

interface ItemRow extends StoredQueueItem {
  id: number;
}

interface DueParameters {
  topic: string;
  now: string;
  holder: string;
  any: number;
  since: string | null;
  /** The keys left out, as a JSON array. */
  except: string;
}

/** The items a DueQuery matches, leased or not. */
const DUE = `topic = @topic AND (@any OR due_at <= @now)
  AND (@since IS NULL OR settled_at IS NULL OR settled_at < @since OR settled_at > @now)
  AND key NOT IN (SELECT value FROM json_each(@except))`;

function prepare(db: Database.Database) {
  return {
    enqueue: db
      .prepare<[{ topic: string; key: string; payload: string; dueAt: string }], number>(
        `INSERT INTO queue_items (topic, key, payload, due_at) VALUES (@topic, @key, @payload, @dueAt)
         ON CONFLICT (topic, key) DO UPDATE SET payload = excluded.payload, due_at = excluded.due_at WHERE holder IS NULL
         RETURNING id`,
      )
      .pluck(),
    enqueueIfAbsent: db.prepare<[{ topic: string; key: string; payload: string; dueAt: string }]>(
      `INSERT INTO queue_items (topic, key, payload, due_at) VALUES (@topic, @key, @payload, @dueAt)
       ON CONFLICT (topic, key) DO NOTHING`,
    ),
    take: db.prepare<[DueParameters & { until: string; limit: number }], ItemRow>(
      `UPDATE queue_items SET holder = @holder, leased_until = @until
       WHERE id IN (SELECT id FROM queue_items WHERE ${DUE} AND (leased_until IS NULL OR leased_until < @now)
         ORDER BY due_at, id LIMIT @limit)
       RETURNING *`,
    ),
    takeKey: db.prepare<[{ topic: string; key: string; now: string; holder: string; until: string }], ItemRow>(
      `UPDATE queue_items SET holder = @holder, leased_until = @until
       WHERE topic = @topic AND key = @key AND (leased_until IS NULL OR leased_until < @now)
       RETURNING *`,
    ),
    reschedule: db.prepare<[{ id: number; holder: string; dueAt: string; payload: string | null; at: string }]>(
      `UPDATE queue_items SET due_at = @dueAt, payload = coalesce(@payload, payload), holder = NULL, leased_until = NULL,
         settled_at = @at WHERE id = @id AND holder = @holder`,
    ),
    renew: db.prepare<[{ id: number; holder: string; now: string; until: string }]>(
      `UPDATE queue_items SET leased_until = @until WHERE id = @id AND holder = @holder AND leased_until >= @now`,
    ),
    done: db.prepare<[number, string]>('DELETE FROM queue_items WHERE id = ? AND holder = ?'),
    release: db.prepare<[number, string]>(
      'UPDATE queue_items SET holder = NULL, leased_until = NULL WHERE id = ? AND holder = ?',
    ),
    leasedElsewhere: db
      .prepare<[DueParameters], number>(
        `SELECT count(*) FROM queue_items WHERE ${DUE} AND leased_until >= @now AND holder <> @holder`,
      )
      .pluck(),
    hasDue: db
      .prepare<[DueParameters], number>(
        `SELECT EXISTS (SELECT 1 FROM queue_items WHERE ${DUE} AND (leased_until IS NULL OR leased_until < @now))`,
      )
      .pluck(),
    find: db.prepare<[string, string], ItemRow>('SELECT * FROM queue_items WHERE topic = ? AND key = ?'),
    remove: db.prepare<[string, string]>('DELETE FROM queue_items WHERE topic = ? AND key = ?'),
  };
}

type Statements = ReturnType<typeof prepare>;
/** The queue's statements on a connection, prepared once per connection. */
const statementsOn = preparedPerConnection(prepare);

const toItem = (row: ItemRow): QueueItem => ({
  id: String(row.id),
  topic: row.topic,
  key: row.key,
  payload: JSON.parse(row.payload) as QueuePayload,
  dueAt: row.due_at,
  holder: row.holder,
  leasedUntil: row.leased_until,
  settledAt: row.settled_at,
});

const dueParameters = ({
  topic,
  now,
  holder,
  evenIfNotDue = false,
  notSettledSince,
  exceptKeys = [],
}: DueQuery): DueParameters => ({
  topic,
  now: now.toISOString(),
  holder,
  any: evenIfNotDue ? 1 : 0,
  since: notSettledSince?.toISOString() ?? null,
  except: JSON.stringify(exceptKeys),
});

/**
 * Enqueue inside the caller's transaction, on its connection: a resource that queues work as part of its own
 * write (a proof recorded with its re-check) does it here, so both are written or neither.
 */
export function enqueueNow(db: Database.Database, { topic, key, payload, dueAt }: NewQueueItem): boolean {
  const id = statementsOn(db).enqueue.get({ topic, key, payload: JSON.stringify(payload), dueAt: dueAt.toISOString() });
  return id !== undefined;
}

/** Settle inside the caller's transaction (see LeasedQueue.settle): the work's own writes and its settle are one. */
export function settleNow(db: Database.Database, id: string, holder: string, next: Settlement, at: Date): boolean {
  const statements = statementsOn(db);
  if (next === 'done') return statements.done.run(Number(id), holder).changes > 0;
  const payload = next.payload === undefined ? null : JSON.stringify(next.payload);
  return (
    statements.reschedule.run({ id: Number(id), holder, dueAt: next.dueAt.toISOString(), payload, at: at.toISOString() })
      .changes > 0
  );
}

export class SqliteLeasedQueue implements LeasedQueue {
  constructor(private readonly database: SqliteDatabase) {}

  private get statements(): Statements {
    return statementsOn(this.database.connection);
  }

  enqueue(item: NewQueueItem): Promise<boolean> {
    return this.database.write((db) => enqueueNow(db, item));
  }

  enqueueAllIfAbsent(items: NewQueueItem[]): Promise<number> {
    if (items.length === 0) return Promise.resolve(0);
    return this.database.write(() => {
      let queued = 0;
      for (const { topic, key, payload, dueAt } of items) {
        queued += this.statements.enqueueIfAbsent.run({
          topic,
          key,
          payload: JSON.stringify(payload),
          dueAt: dueAt.toISOString(),
        }).changes;
      }
      return queued;
    });
  }

  enqueueIfAbsent({ topic, key, payload, dueAt }: NewQueueItem): Promise<boolean> {
    return this.database.write(
      () =>
        this.statements.enqueueIfAbsent.run({ topic, key, payload: JSON.stringify(payload), dueAt: dueAt.toISOString() })
          .changes > 0,
    );
  }

  takeDue({ leaseMs, limit, ...query }: DueQuery & { leaseMs: number; limit: number }): Promise<QueueItem[]> {
    const until = new Date(query.now.getTime() + leaseMs).toISOString();
    return this.database.write(() =>
      this.statements.take
        .all({ ...dueParameters(query), until, limit })
        .sort((a, b) => (a.due_at < b.due_at ? -1 : a.due_at > b.due_at ? 1 : a.id - b.id))
        .map(toItem),
    );
  }

  take({ topic, key, now, holder, leaseMs }: Parameters<LeasedQueue['take']>[0]): Promise<QueueItem | null> {
    const until = new Date(now.getTime() + leaseMs).toISOString();
    return this.database.write(() => {
      const row = this.statements.takeKey.get({ topic, key, now: now.toISOString(), holder, until });
      return row ? toItem(row) : null;
    });
  }

  settle(id: string, holder: string, next: Settlement, at: Date): Promise<boolean> {
    return this.database.write((db) => settleNow(db, id, holder, next, at));
  }

  renew(id: string, holder: string, now: Date, leaseMs: number): Promise<boolean> {
    const until = new Date(now.getTime() + leaseMs).toISOString();
    return this.database.write(
      () => this.statements.renew.run({ id: Number(id), holder, now: now.toISOString(), until }).changes > 0,
    );
  }

  release(id: string, holder: string): Promise<boolean> {
    return this.database.write(() => this.statements.release.run(Number(id), holder).changes > 0);
  }

  countLeasedElsewhere(query: DueQuery): Promise<number> {
    return this.database.read(() => this.statements.leasedElsewhere.get(dueParameters(query))!);
  }

  hasDue(query: Omit<DueQuery, 'holder'>): Promise<boolean> {
    return this.database.read(() => this.statements.hasDue.get(dueParameters({ ...query, holder: '' }))! === 1);
  }

  find(topic: string, key: string): Promise<QueueItem | null> {
    return this.database.read(() => {
      const row = this.statements.find.get(topic, key);
      return row ? toItem(row) : null;
    });
  }

  remove(topic: string, key: string): Promise<boolean> {
    return this.database.write(() => this.statements.remove.run(topic, key).changes > 0);
  }
}

/** The queue's table (migration 020): one row per (topic, key); due items found by the `queue_items_due` index. */
export const QUEUE_SCHEMA_SQL = `
  CREATE TABLE queue_items (
    id INTEGER PRIMARY KEY,
    topic TEXT NOT NULL,
    key TEXT NOT NULL,
    payload TEXT NOT NULL,
    due_at TEXT NOT NULL,
    holder TEXT,
    leased_until TEXT,
    settled_at TEXT,
    UNIQUE (topic, key)
  );
  CREATE INDEX queue_items_due ON queue_items (topic, due_at, id);
`;

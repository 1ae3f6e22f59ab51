import type Database from 'better-sqlite3';
import type { StoreFileGuard } from './store-file-guard';
import { cannotWriteProblem, unavailableOr } from './sqlite-errors';
import type { StoreDatabase } from '@byline/domain/store/store-database';
import type { WriteHealth } from '@byline/domain/store/write-health';
import { setTimeout as pause } from 'node:timers/promises';
import { BUSY_TIMEOUT_MS, writeWithoutBlocking } from './write-without-blocking';

/** Pause between tries of a checkpoint that found a reader in its way. */
const CHECKPOINT_PAUSE_MS = 25;

/**
 * SQLite re-prepares a statement that joins tables on every run when a bound parameter is compared with `=` (or
 * gives LIMIT), in case the value would change its plan (counted with callgrind: one re-prepare per run, about
 * 80 thousand instructions for verify_article's lookup, a sixth of a request). Written `+?`, the parameter is an expression the
 * planner does not re-plan for; the plan (the same index) is unchanged. Every join a verifier runs per request
 * writes its parameters so.
 */
/** The embedded store's database, as SqliteStore opens it. */
export interface EmbeddedStoreDatabase extends StoreDatabase {
  readonly kind: 'embedded';
  readonly sqlite: SqliteDatabase;
}

export const NOT_REPLANNED = '+?';

export interface SqliteDatabaseHooks {
  /** The store file's guard: reads are refused once the file is gone, writes once it cannot be written. */
  guard?: StoreFileGuard;
  /** Told of every write's outcome, so that readiness knows when the disk is full (see WriteHealth). */
  writes?: WriteHealth;
  /**
   * Runs before every read and write: the store ends the verifiers' lookup snapshot here, so that what a resource
   * writes is seen by the lookups that follow (see TurnSnapshot).
   */
  beforeWork?: () => void;
  /**
   * The verifiers' lookups: their own read-only connection, read in one transaction per event-loop turn (see
   * TurnSnapshot). Resources the verifiers read (publishers, evidence, outlet digests) prepare their lookup
   * statements on it and read through `lookup`, so a v2 answer's reads share the turn's snapshot with v1's.
   */
  lookups?: {
    connection: Database.Database;
    read<T>(work: () => T): T;
    /** See TurnSnapshot.generation; absent where the lookups share the writers' connection (it sees no change). */
    generation?: () => number;
  };
}

/**
 * The embedded database as resources use it: one connection to the store's file, with the two ways to touch it
 * that every SQLite adapter needs and none writes again: a read, and the unit of write (one IMMEDIATE
 * transaction that waits for another process's write without blocking this one). Errors become
 * StoreUnavailableError where the file is busy or unusable, like the store's own.
 */
export class SqliteDatabase {
  constructor(
    /** The store file's path (':memory:' in some tests). */
    readonly file: string,
    readonly connection: Database.Database,
    private readonly hooks: SqliteDatabaseHooks = {},
  ) {}

  get guard(): StoreFileGuard | undefined {
    return this.hooks.guard;
  }

  prepare<P extends unknown[] = unknown[], R = unknown>(sql: string): Database.Statement<P, R> {
    return this.connection.prepare<P, R>(sql);
  }

  /**
   * Inside a lookup: a number that changes whenever the file changed since an earlier turn; null where that cannot
   * be told (the lookups share the writers' connection), so nothing may be kept across turns.
   */
  get lookupGeneration(): number | null {
    return this.hooks.lookups?.generation?.() ?? null;
  }

  /** The connection lookup statements are prepared on (the store's own where it has no separate one). */
  get lookupConnection(): Database.Database {
    return this.hooks.lookups?.connection ?? this.connection;
  }

  /**
   * A verifier's read, with statements prepared on lookupConnection: inside the lookups' turn snapshot, which it
   * neither ends nor waits for. Errors become StoreUnavailableError as a read's do.
   */
  lookup<T>(work: () => T): Promise<T> {
    try {
      this.hooks.guard?.checkReadable();
      const { lookups } = this.hooks;
      return Promise.resolve(lookups ? lookups.read(work) : work());
    } catch (error) {
      return Promise.reject(unavailableOr(error));
    }
  }

  /** Synchronous reads as a promise. */
  read<T>(work: (db: Database.Database) => T): Promise<T> {
    try {
      this.hooks.guard?.checkReadable();
      this.hooks.beforeWork?.();
      return Promise.resolve(work(this.connection));
    } catch (error) {
      return Promise.reject(unavailableOr(error));
    }
  }

  /**
   * The CLI's long write (an import), which opens and ends its own transaction, possibly across several calls:
   * runs at once, refused when the file cannot be written; never retried while another process writes.
   */
  bulkWrite<T>(work: (db: Database.Database) => T): Promise<T> {
    try {
      this.hooks.guard?.checkReadable();
      this.hooks.beforeWork?.();
      this.hooks.guard?.checkWritable();
      return this.watched(Promise.resolve(work(this.connection)));
    } catch (error) {
      return this.watched(Promise.reject(unavailableOr(error)));
    }
  }

  /**
   * The unit of write: `work` runs in one IMMEDIATE transaction, so it is all written or none of it, and nothing
   * another process writes comes between its reads and its writes. While another process writes (an import),
   * it is tried again without blocking this process, for up to `patienceMs`.
   */
  write<T>(work: (db: Database.Database) => T, patienceMs = BUSY_TIMEOUT_MS): Promise<T> {
    const transaction = this.connection.transaction(() => work(this.connection));
    const written = writeWithoutBlocking(
      this.connection,
      () => {
        this.hooks.guard?.checkWritable();
        this.hooks.beforeWork?.();
        return transaction.immediate();
      },
      patienceMs,
    );
    return this.watched(written);
  }

  private watched<T>(write: Promise<T>): Promise<T> {
    return this.hooks.writes ? this.hooks.writes.watch(write, cannotWriteProblem) : write;
  }

  /**
   * After an erasure: every committed page is copied into the file and the -wal is emptied (a TRUNCATE
   * checkpoint). With secure_delete on (see SqliteStore), the erased rows' pages were written zeroed; copied into
   * the file they overwrite the old bytes there, and the old frames of the -wal, which still held them, go. A reader
   * of another process in the way is waited for without blocking (as writes are), for up to `patienceMs`; false
   * when it was still in the way (the next checkpoint, automatic or not, finishes the work).
   */
  async checkpointAndTruncate(patienceMs = BUSY_TIMEOUT_MS): Promise<boolean> {
    const deadline = performance.now() + patienceMs; // a duration: the monotonic clock
    for (;;) {
      let done: boolean;
      try {
        this.hooks.guard?.checkWritable();
        this.hooks.beforeWork?.();
        this.connection.pragma('busy_timeout = 0');
        const [result] = this.connection.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
        done = result?.busy === 0;
      } catch (error) {
        throw unavailableOr(error);
      } finally {
        this.connection.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      }
      if (done || performance.now() >= deadline) return done;
      await pause(CHECKPOINT_PAUSE_MS);
    }
  }
}

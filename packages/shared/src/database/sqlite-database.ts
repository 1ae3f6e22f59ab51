import type Database from 'better-sqlite3';
import type { StoreFileGuard } from '../store/sqlite/store-file-guard';
import { cannotWriteProblem, unavailableOr } from '../store/sqlite/sqlite-errors';
import type { WriteHealth } from '../store/write-health';
import { BUSY_TIMEOUT_MS, writeWithoutBlocking } from '../store/sqlite/write-without-blocking';

/**
 * SQLite re-prepares a statement that joins tables on every run when a bound parameter is compared with `=` (or
 * gives LIMIT), in case the value would change its plan (counted with callgrind: one re-prepare per run, about
 * 80 thousand instructions for verify_article's lookup, a sixth of a request). Written `+?`, the parameter is an expression the
 * planner does not re-plan for; the plan (the same index) is unchanged. Every join a verifier runs per request
 * writes its parameters so.
 */
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
}

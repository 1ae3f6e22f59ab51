import Database from 'better-sqlite3';
import { BUSY_TIMEOUT_MS } from './write-without-blocking';

/**
 * Lookups read the file's first pages through a memory map instead of a copy into SQLite's cache. Mapped pages
 * count towards the process's resident memory, so the map is capped well inside the 400 MB budget.
 */
const LOOKUP_MMAP_BYTES = 128 * 1024 * 1024;

/**
 * The hot lookups' own read-only connection, reading inside one read transaction per event-loop turn.
 *
 * Why: in WAL mode every statement outside a transaction takes and drops a WAL read lock and checks the
 * file size, three system calls that cost more than the indexed lookup itself. Lookups made in the same
 * turn (under load, every request whose bytes arrived together) share one transaction instead, which ends
 * in that turn's check phase. An answer is therefore never older than the loop turn it is given in, and
 * a reader held that briefly does not hold back checkpoints.
 */
export class TurnSnapshot {
  private readonly begin: Database.Statement;
  private readonly commit: Database.Statement;
  private readonly dataVersion: Database.Statement<[], number>;
  private open = false;
  private version: number | undefined;
  private versionRead = false;
  private changes = 0;

  constructor(readonly db: Database.Database) {
    this.begin = db.prepare('BEGIN');
    this.commit = db.prepare('COMMIT');
    this.dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  }

  /**
   * Inside a read: a number that changes whenever another connection has committed since an earlier turn read it
   * (SQLite's data_version, read once per turn and only when asked). What a lookup derived from the file while it
   * stays the same is still what the file says: see SqliteStoredPublishers.outletFor.
   */
  get generation(): number {
    if (!this.versionRead) {
      this.versionRead = true;
      const version = this.dataVersion.get()!;
      if (version !== this.version) {
        this.version = version;
        this.changes++;
      }
    }
    return this.changes;
  }

  /** Opens the file read-only for lookups, with the same wait for a busy file as the main connection. */
  static onFile(file: string): TurnSnapshot {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma(`mmap_size = ${LOOKUP_MMAP_BYTES}`);
    return new TurnSnapshot(db);
  }

  read<T>(work: () => T): T {
    // In a transaction already (an in-memory store's one connection, during an import): read in that.
    if (!this.open && !this.db.inTransaction) {
      this.begin.run();
      this.open = true;
      setImmediate(this.release);
    }
    return work();
  }

  /** Ends the current transaction now, so the next read sees every write committed so far. */
  readonly release = (): void => {
    if (!this.open) return;
    this.open = false;
    this.versionRead = false;
    if (this.db.inTransaction) this.commit.run();
  };

  close(): void {
    this.release();
    this.db.close();
  }
}

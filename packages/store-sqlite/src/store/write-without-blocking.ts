import { setTimeout as pause } from 'node:timers/promises';
import type Database from 'better-sqlite3';
import { unavailableOr } from './sqlite-errors';

/** How long a connection waits, blocking, for a busy file (PRAGMA busy_timeout): see SqliteStore. */
export const BUSY_TIMEOUT_MS = 5000;

const FIRST_PAUSE_MS = 10;
/** Pauses stop doubling here, so a write follows soon after a long write ends. */
const LONGEST_PAUSE_MS = 200;

const isBusy = (error: unknown) => ((error as { code?: string }).code ?? '').startsWith('SQLITE_BUSY');

/**
 * Call after a write commits. A read transaction is the one thing that records a new WAL end in the -shm (its
 * read marks); taking one now, while the file is surely writable, means the lookups' reads that follow never
 * write the -shm themselves. Were it made unwritable (`chattr +i`) later, a reader writing to it through its
 * memory map would die of SIGBUS; this way only writes touch it, and StoreFileGuard refuses those first.
 */
export function settleReadersAfterWrite(db: Database.Database): void {
  if (db.inTransaction) return;
  try {
    db.pragma('user_version');
  } catch {
    // The write is done either way; the next reader records the mark instead.
  }
}

/**
 * Runs `write` without SQLite's busy wait. better-sqlite3 is synchronous, so that wait blocks the whole
 * process: while another process holds the write lock (an import holds it for as long as it reads its file),
 * a service's usage flush would stall every request it serves for up to BUSY_TIMEOUT_MS. Instead the write
 * is tried at once and, while the file is busy, again after pauses (10 ms, doubling up to 200 ms) in which the
 * process goes on serving. Rejects with StoreUnavailableError if the file is still busy after `patienceMs`, and
 * with a write's other errors as unavailableOr maps them.
 */
export async function writeWithoutBlocking<T>(db: Database.Database, write: () => T, patienceMs: number): Promise<T> {
  // A duration, so the monotonic clock: a wall clock set back while waiting would stretch the patience.
  const deadline = performance.now() + patienceMs;
  for (let wait = FIRST_PAUSE_MS; ; wait = Math.min(wait * 2, LONGEST_PAUSE_MS)) {
    let written: { result: T } | undefined;
    db.pragma('busy_timeout = 0');
    try {
      written = { result: write() };
    } catch (error) {
      if (!isBusy(error) || performance.now() >= deadline) throw unavailableOr(error);
    } finally {
      db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    }
    if (written) {
      settleReadersAfterWrite(db);
      return written.result;
    }
    await pause(Math.min(wait, Math.max(0, deadline - performance.now())));
  }
}

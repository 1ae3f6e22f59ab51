import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { StoreUnavailableError } from '@byline/domain/store/store-unavailable-error';
import { allPids, recoveryAdvice } from './deleted-store-files';
import { NoStoreError, unavailableOr } from './sqlite-errors';
import { BUSY_TIMEOUT_MS } from './write-without-blocking';

/**
 * How many times an opener that finds the lock held and the files not as its holders opened them looks again
 * before it refuses: the holders may just have been closing (they let go of the lock before their files go).
 */
const ATTEMPTS = 3;

/** The lock file beside a store file: `data/byline.lock` for `data/byline.sqlite` (so `rm byline.sqlite*` spares it). */
export function lockFileOf(file: string): string {
  return path.join(path.dirname(file), `${path.basename(file, path.extname(file))}.lock`);
}

interface FileId {
  dev: string;
  ino: string;
}

const sameFile = (a: FileId | null, b: FileId) => a?.dev === b.dev && a.ino === b.ino;

function idOf(file: string): FileId | null {
  const stats = fs.statSync(file, { bigint: true, throwIfNoEntry: false });
  return stats ? { dev: String(stats.dev), ino: String(stats.ino) } : null;
}

/**
 * Keeps a process from opening the embedded store in a way that damages what other processes have open.
 * SQLite cannot tell on its own, because its locks live on the files themselves, and these files can be
 * deleted or replaced under the processes using them:
 *
 * - opening a missing file creates an empty one, and SQLite, opening an empty database beside a -wal,
 *   deletes that -wal: the one the running processes still write into, whose last writes are nowhere else;
 * - a file copied back, or restored from a backup, read together with their -wal and -shm is a different file
 *   under their WAL frames;
 * - a -wal or -shm deleted under them would be started afresh, empty, beside theirs.
 *
 * So every process holds a lock file beside the store while it has it open: a read lock (SHARED) on a tiny
 * SQLite database, which the kernel releases when the process ends, even by SIGKILL. An opener that can take
 * it exclusively is alone: it records which file it opened. One that cannot joins the others, and only if
 * the file is the one they recorded and its -wal and -shm are there; otherwise it refuses, naming the file.
 * Alone, it still refuses to open a missing or empty file beside a -wal: that -wal holds a deleted store's
 * last writes, and restoring the file is the only way to keep them.
 */
export class StoreOpenLock {
  private constructor(private readonly db: Database.Database) {}

  /**
   * Opens `file` with `open` (which must put the connection in WAL mode, so its -wal and -shm exist before
   * the lock is shared) and holds the lock until release(). `create` tells `open` whether it may create the file.
   * Throws StoreUnavailableError, naming the file and what to do, where opening would damage the store,
   * and NoStoreError for a missing file when `mustExist` (without creating the lock file where there is none).
   */
  static open(
    file: string,
    mustExist: boolean,
    open: (create: boolean) => Database.Database,
  ): { db: Database.Database; lock: StoreOpenLock } {
    const lockFile = lockFileOf(file);
    if (mustExist && !fs.existsSync(file) && !fs.existsSync(lockFile)) throw new NoStoreError(path.dirname(file));
    let lockDb: Database.Database | undefined;
    try {
      lockDb = new Database(lockFile);
      let problem = '';
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        if (takeAlone(lockDb)) return { db: openAlone(lockDb, file, mustExist, open), lock: new StoreOpenLock(lockDb) };
        problem = joinOthers(lockDb, file) ?? '';
        if (!problem) return { db: open(false), lock: new StoreOpenLock(lockDb) };
        lockDb.exec('COMMIT');
      }
      throw new StoreUnavailableError(problem);
    } catch (error) {
      lockDb?.close(); // lets go of whatever it held
      throw unavailableOr(error);
    }
  }

  /** Call before closing the store's connections: see ATTEMPTS. */
  release(): void {
    if (this.db.open) this.db.close();
  }
}

/** Whether no other process has the store open: then this one holds the lock exclusively until openAlone commits. */
function takeAlone(lockDb: Database.Database): boolean {
  lockDb.pragma('busy_timeout = 0');
  try {
    lockDb.exec('BEGIN EXCLUSIVE');
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return false;
    throw error;
  }
}

function openAlone(
  lockDb: Database.Database,
  file: string,
  mustExist: boolean,
  open: (create: boolean) => Database.Database,
): Database.Database {
  const main = fs.statSync(file, { throwIfNoEntry: false });
  if ((!main || main.size === 0) && fs.existsSync(`${file}-wal`)) {
    throw new StoreUnavailableError(
      `embedded store: ${file} is ${main ? 'empty' : 'missing'} but ${file}-wal is there: it holds the last writes of a store deleted while in use, and opening would discard them; restore ${file}, or remove ${file}-wal and ${file}-shm to start a new, empty store`,
    );
  }
  if (!main && mustExist) throw new NoStoreError(path.dirname(file));
  const db = open(!mustExist);
  try {
    const id = idOf(file)!;
    if (!sameFile(openedFile(lockDb), id)) {
      lockDb.exec(
        'CREATE TABLE IF NOT EXISTS opened_file (id INTEGER PRIMARY KEY CHECK (id = 1), dev TEXT NOT NULL, ino TEXT NOT NULL)',
      );
      lockDb.prepare('INSERT OR REPLACE INTO opened_file (id, dev, ino) VALUES (1, ?, ?)').run(id.dev, id.ino);
    }
    lockDb.exec('COMMIT');
    holdShared(lockDb);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Takes the lock shared (waiting for an opener that is alone to finish opening); the problem if joining is unsafe. */
function joinOthers(lockDb: Database.Database, file: string): string | null {
  holdShared(lockDb);
  const id = idOf(file);
  if (!id) {
    return `embedded store: ${file} is missing but other Byline processes still have it open (it was deleted under them), so no new store is created. ${recoveryAdvice(file, allPids())}; or, to start a new, empty store, stop them all and remove ${file}-wal and ${file}-shm`;
  }
  const recorded = openedFile(lockDb);
  if (recorded && !sameFile(recorded, id)) {
    return `embedded store: ${file} is not the file other running Byline processes have open (it was replaced under them); to use it, stop them all, then start them again`;
  }
  if (!fs.existsSync(`${file}-wal`)) {
    return `embedded store: ${file}-wal is missing but other Byline processes still have the store open (it was deleted under them). ${recoveryAdvice(file, allPids())}`;
  }
  if (!fs.existsSync(`${file}-shm`)) {
    return `embedded store: ${file}-shm is missing but other Byline processes still have the store open (it was deleted under them); stop them all, then start them again`;
  }
  return null;
}

/** A read transaction kept open: the SHARED lock that tells others this process has the store open. */
function holdShared(lockDb: Database.Database): void {
  lockDb.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  lockDb.exec('BEGIN');
  lockDb.prepare('SELECT count(*) FROM sqlite_master').get();
}

function openedFile(lockDb: Database.Database): FileId | null {
  const table = lockDb.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'opened_file'").get();
  if (!table) return null;
  return (lockDb.prepare('SELECT dev, ino FROM opened_file WHERE id = 1').get() as FileId | undefined) ?? null;
}

import fs from 'node:fs';
import type { Logger } from '@byline/domain/logging/logger';
import { StoreUnavailableError } from '@byline/domain/store/store-unavailable-error';
import { recoveryAdvice } from './deleted-store-files';

/** How often reads look at the files (a stat of each); writes and readiness checks look every time. */
export const READ_CHECK_INTERVAL_MS = 1000;

type Problem = string | null;

/**
 * Notices what SQLite does not, so that it becomes a 503 instead of silent data loss or a crash:
 *
 * - the file, its -wal or its -shm deleted or replaced under an open connection: SQLite goes on reading and
 *   writing the old, unlinked file, which nobody will open again (the device and inode remembered at open tell);
 * - the file, its -wal or its -shm made unwritable (read-only, or `chattr +i`): SQLite writes the -shm through
 *   a memory map, and a write fault on an immutable file kills the process with SIGBUS, so a write is refused
 *   before SQLite is asked to make it (`access(W_OK)` honours the immutable flag even for root).
 *
 * Each problem is logged once, at error level, when first noticed, and again (info) when it is gone.
 */
export class StoreFileGuard {
  /** The file, its -wal and its -shm as opened: each stays the same file while a connection is open. */
  private readonly opened: [string, fs.Stats][];
  private lost: Problem = null;
  private unwritable: Problem = null;
  /** performance.now() of the last look (a duration's start, not a time of record); none yet: the first read looks. */
  private lostCheckedAt = -Infinity;

  constructor(
    readonly file: string,
    private readonly logger?: Logger,
  ) {
    this.opened = [file, `${file}-wal`, `${file}-shm`].flatMap((name) => {
      const stats = fs.statSync(name, { throwIfNoEntry: false });
      return stats ? [[name, stats] as [string, fs.Stats]] : [];
    });
  }

  /** Before a write, and for readiness: throws StoreUnavailableError unless the opened files can be written. */
  checkWritable(): void {
    this.noteLost(this.lostProblem());
    if (!this.lost) this.noteUnwritable(this.unwritableProblem());
    const problem = this.lost ?? this.unwritable;
    if (problem) throw new StoreUnavailableError(problem);
  }

  /** Before a read: throws StoreUnavailableError if the file is gone; looks at most once a second (no fs call per read). */
  checkReadable(): void {
    const now = performance.now();
    if (now - this.lostCheckedAt >= READ_CHECK_INTERVAL_MS) {
      this.lostCheckedAt = now;
      this.noteLost(this.lostProblem());
    }
    if (this.lost) throw new StoreUnavailableError(this.lost);
  }

  /**
   * Whether closing the connections is safe. The last connection to close checkpoints, which writes the -shm,
   * and then deletes the -wal and -shm by name, which for a deleted or replaced file are another store's.
   */
  safeToClose(): boolean {
    return this.lostProblem() === null && this.unwritableProblem() === null;
  }

  private lostProblem(): Problem {
    for (const [name, opened] of this.opened) {
      const now = fs.statSync(name, { throwIfNoEntry: false });
      if (!now) {
        // A deleted -shm holds nothing the -wal does not: starting again rebuilds it.
        const remedy = name.endsWith('-shm')
          ? 'Stop every Byline process using the store, then start them again'
          : recoveryAdvice(this.file, ['self']);
        return `embedded store: ${name} has been deleted while this process had it open; writes are refused. ${remedy}`;
      }
      if (now.dev !== opened.dev || now.ino !== opened.ino) {
        return `embedded store: ${name} has been replaced by another file while this process had it open; to use the new file, stop every Byline process using it, then start them again`;
      }
    }
    return null;
  }

  private unwritableProblem(): Problem {
    for (const file of [this.file, `${this.file}-wal`, `${this.file}-shm`]) {
      try {
        fs.accessSync(file, fs.constants.W_OK);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'error';
        return `embedded store: ${file} cannot be written (${code}); writes are refused until it can`;
      }
    }
    return null;
  }

  private noteLost(problem: Problem): void {
    this.lost = this.logged(this.lost, problem);
  }

  private noteUnwritable(problem: Problem): void {
    this.unwritable = this.logged(this.unwritable, problem);
  }

  /** Logs a change of problem; returns the new one. */
  private logged(before: Problem, now: Problem): Problem {
    if (now && now !== before) this.logger?.error(now, { file: this.file });
    else if (!now && before) this.logger?.info('embedded store: the problem is gone', { file: this.file, was: before });
    return now;
  }
}

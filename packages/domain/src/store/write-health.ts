import type { Logger } from '../logging/logger';
import { StoreUnavailableError } from './store-unavailable-error';

/** Readiness refused because writes fail (a full disk); its message says why, without paths or data. */
export class StoreCannotWriteError extends StoreUnavailableError {
  constructor(problem: string) {
    super(`the store cannot write: ${problem}`);
    this.name = 'StoreCannotWriteError';
  }
}

/**
 * Whether the store can write, for readiness, without a write per readiness probe. A write that fails because the
 * disk (or the database) is full or cannot be written to (the adapter tells which errors mean that) is remembered;
 * while it is, readiness tries one small probe write (the adapter's) and is refused until that succeeds; any write
 * that succeeds clears it. Each change is logged once: the failure as an error, its end as info.
 */
export class WriteHealth {
  private failure: string | null = null;

  constructor(private readonly logger?: Logger) {}

  /** A write failed for want of space or by an I/O error: `problem` says how, without paths or data. */
  failed(problem: string): void {
    if (this.failure === null) this.logger?.error('store: writes fail; readiness is refused until one succeeds', { problem });
    this.failure = problem;
  }

  /** A write succeeded. */
  written(): void {
    if (this.failure === null) return;
    this.logger?.info('store: writes succeed again', { was: this.failure });
    this.failure = null;
  }

  /**
   * For readiness: resolves when no write failure is remembered, or when `probe` (a small write) now succeeds;
   * rejects with StoreCannotWriteError naming the failure otherwise.
   */
  async check(probe: () => Promise<void>): Promise<void> {
    const failure = this.failure;
    if (failure === null) return;
    try {
      await probe();
    } catch {
      throw new StoreCannotWriteError(failure);
    }
    this.written();
  }

  /** Notes a write's outcome: `problemOf` tells whether its error means the store cannot write (null: it does not). */
  watch<T>(write: Promise<T>, problemOf: (error: unknown) => string | null): Promise<T> {
    return write.then(
      (result) => {
        this.written();
        return result;
      },
      (error: unknown) => {
        const problem = problemOf(error);
        if (problem) this.failed(problem);
        throw error;
      },
    );
  }
}

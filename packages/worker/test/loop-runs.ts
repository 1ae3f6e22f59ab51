import type { RecheckLoopOptions } from '../src/recheck-loop';

/** What the loop reports after each run, finished or failed. */
export type LoopRun = Parameters<NonNullable<RecheckLoopOptions['onRun']>>[0];

/**
 * The runs a re-check loop reports through its onRun hook, kept for the test, and a wait for the next one: a test
 * moves its clock, then waits for runs, never for time.
 */
export class LoopRuns {
  readonly all: LoopRun[] = [];
  private waiting: (() => void)[] = [];

  /** The loop's onRun hook: keeps the run and wakes whoever waits for one. */
  readonly record = (run: LoopRun): void => {
    this.all.push(run);
    for (const wake of this.waiting.splice(0)) wake();
  };

  /** Resolves once the next run has reported. */
  next(): Promise<void> {
    return new Promise<void>((wake) => this.waiting.push(wake));
  }

  /**
   * Waits for the first run from now on in which `pick` finds something, and answers that. Ten seconds without one
   * fail the test, naming `what` was awaited; with `rethrow`, so does a run that failed.
   */
  async first<T>(what: string, pick: (run: LoopRun) => T | undefined, { rethrow = false } = {}): Promise<T> {
    const from = this.all.length;
    const deadline = Date.now() + 10_000;
    for (;;) {
      const since = this.all.slice(from);
      const failed = since.find((run) => run.error);
      if (rethrow && failed) throw failed.error;
      const found = since.map(pick).find((answer) => answer !== undefined);
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(since)}`);
      await this.next();
    }
  }

  /** Waits until `count` runs in all have reported. */
  async atLeast(count: number): Promise<LoopRun[]> {
    while (this.all.length < count) await this.next();
    return this.all;
  }
}

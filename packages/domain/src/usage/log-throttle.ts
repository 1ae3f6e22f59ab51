/**
 * Lets a repeating warning through at most once per interval, so an outage logs a line now and then
 * instead of one per request. `take()` says whether to log now and how many were held back since.
 */
export class LogThrottle {
  private lastAt = -Infinity;
  private held = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  take(): { log: boolean; suppressed: number } {
    const now = this.now();
    if (now - this.lastAt < this.intervalMs) {
      this.held++;
      return { log: false, suppressed: 0 };
    }
    const suppressed = this.held;
    this.lastAt = now;
    this.held = 0;
    return { log: true, suppressed };
  }

  /** Forget the last warning, so the next problem is reported at once (e.g. after a recovery). */
  reset(): void {
    this.lastAt = -Infinity;
    this.held = 0;
  }
}

export interface RetryOptions {
  minDelayMs?: number;
  maxDelayMs?: number;
  onRetry?: (error: unknown, delayMs: number) => void;
  onReady?: () => void;
}

/**
 * Runs a start-up step (connect, create indexes) until it succeeds: once at construction, then in the
 * background with capped exponential back-off, so a process started while its database is down becomes
 * ready when the database returns, without a restart. Callers that need the step done await whenReady():
 * it joins the attempt in flight or starts one, and rejects with that attempt's error.
 */
export class RetryingInit {
  private done = false;
  private closed = false;
  private inFlight: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private delayMs: number;

  constructor(
    private readonly step: () => Promise<void>,
    private readonly options: RetryOptions = {},
  ) {
    this.delayMs = options.minDelayMs ?? 500;
    this.attempt().catch(() => undefined);
  }

  get ready(): boolean {
    return this.done;
  }

  whenReady(): Promise<void> {
    return this.done ? Promise.resolve() : this.attempt();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private attempt(): Promise<void> {
    this.inFlight ??= this.step()
      .then(
        () => {
          this.done = true;
          this.close();
          this.options.onReady?.();
        },
        (error: unknown) => {
          this.scheduleRetry(error);
          throw error;
        },
      )
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }

  private scheduleRetry(error: unknown): void {
    if (this.closed || this.timer) return;
    const delay = this.delayMs;
    this.delayMs = Math.min(this.options.maxDelayMs ?? 30_000, delay * 2);
    this.options.onRetry?.(error, delay);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.attempt().catch(() => undefined);
    }, delay);
    this.timer.unref();
  }
}

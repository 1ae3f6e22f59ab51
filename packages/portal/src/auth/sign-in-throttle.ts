export interface ThrottleOptions {
  /** Failed sign-ins allowed per account within the window. */
  perAccount?: number;
  /** Failed sign-ins allowed per client address within the window. */
  perAddress?: number;
  windowMs?: number;
  now?: () => number;
}

const MAX_TRACKED = 50_000;

/**
 * Counts failed sign-ins per account and per client address in a fixed window. Kept in memory: each
 * portal instance throttles on its own, which bounds guessing to instances × limit per window.
 */
export class SignInThrottle {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();
  private readonly perAccount: number;
  private readonly perAddress: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor({ perAccount = 5, perAddress = 20, windowMs = 15 * 60_000, now = Date.now }: ThrottleOptions = {}) {
    this.perAccount = perAccount;
    this.perAddress = perAddress;
    this.windowMs = windowMs;
    this.now = now;
  }

  /** Seconds until sign-in may be tried again, or 0 when it may be tried now. */
  retryAfterSeconds(email: string, address: string): number {
    const waits = [this.wait(`account:${email}`, this.perAccount), this.wait(`address:${address}`, this.perAddress)];
    return Math.max(...waits);
  }

  recordFailure(email: string, address: string): void {
    if (this.failures.size > MAX_TRACKED) this.failures.clear();
    for (const key of [`account:${email}`, `address:${address}`]) {
      const entry = this.live(key);
      if (entry) entry.count++;
      else this.failures.set(key, { count: 1, resetAt: this.now() + this.windowMs });
    }
  }

  recordSuccess(email: string): void {
    this.failures.delete(`account:${email}`);
  }

  private live(key: string) {
    const entry = this.failures.get(key);
    if (entry && entry.resetAt <= this.now()) {
      this.failures.delete(key);
      return undefined;
    }
    return entry;
  }

  private wait(key: string, limit: number): number {
    const entry = this.live(key);
    return entry && entry.count >= limit ? Math.ceil((entry.resetAt - this.now()) / 1000) : 0;
  }
}

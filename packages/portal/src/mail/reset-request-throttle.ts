const HOUR_MS = 60 * 60 * 1000;

interface Window {
  count: number;
  endsAt: number;
}

/**
 * How often "forgot password" may be asked for, in fixed one-hour windows: per email (mails beyond it are
 * silently not sent, so the page still answers alike) and per client address (beyond it: 429). Counted in
 * this process: with several portal instances, each counts alone.
 */
export class ResetRequestThrottle {
  private readonly perEmail: number;
  private readonly perAddress: number;
  private readonly emails = new Map<string, Window>();
  private readonly addresses = new Map<string, Window>();

  constructor({ perEmail = 3, perAddress = 20 }: { perEmail?: number; perAddress?: number } = {}) {
    this.perEmail = perEmail;
    this.perAddress = perAddress;
  }

  /** Counts a request from this address; seconds to wait when it is over its limit, else 0. */
  addressRetryAfterSeconds(address: string, now = Date.now()): number {
    const window = this.count(this.addresses, address, now);
    return window.count > this.perAddress ? Math.ceil((window.endsAt - now) / 1000) : 0;
  }

  /** Counts a mail to this email; whether it may be sent. */
  mayMail(email: string, now = Date.now()): boolean {
    return this.count(this.emails, email, now).count <= this.perEmail;
  }

  private count(windows: Map<string, Window>, key: string, now: number): Window {
    if (windows.size > 10_000) for (const [k, w] of windows) if (w.endsAt <= now) windows.delete(k);
    let window = windows.get(key);
    if (!window || window.endsAt <= now) windows.set(key, (window = { count: 0, endsAt: now + HOUR_MS }));
    window.count++;
    return window;
  }
}

/** The window the asks are counted in. */
export const ATTRIBUTION_ASK_WINDOW_MS = 10 * 60_000;
/**
 * Asks one API account may make per window, all its keys and all publishers together: a page read per ask, so one
 * caller cannot fill a publisher's queue (the worker reads a host's pages one per 10 s, 60 per window) or keep
 * others' asks waiting. Counted by account, not by key: an account makes as many keys as it likes.
 */
export const ATTRIBUTION_ASKS_PER_ACCOUNT = 20;
/** Asks per publisher per window, all accounts together: what the worker reads of one host in the window. */
export const ATTRIBUTION_ASKS_PER_PUBLISHER = 60;

export type OverQuota = 'account' | 'publisher';

/** Counts asks per account and per publisher in fixed windows, in this process. */
export class AskQuota {
  private startedAt = Number.NEGATIVE_INFINITY;
  private readonly byAccount = new Map<string, number>();
  private readonly byPublisher = new Map<number, number>();

  constructor(
    private readonly now: () => number,
    private readonly perAccount: number,
    private readonly perPublisher: number,
  ) {}

  /** Counts the ask if both its account and its publisher are within their quotas; otherwise says which is not. */
  take(account: string, publisherId: number): OverQuota | null {
    const now = this.now();
    if (now - this.startedAt >= ATTRIBUTION_ASK_WINDOW_MS) {
      this.startedAt = now;
      this.byAccount.clear();
      this.byPublisher.clear();
    }
    const byAccount = this.byAccount.get(account) ?? 0;
    if (byAccount >= this.perAccount) return 'account';
    const byPublisher = this.byPublisher.get(publisherId) ?? 0;
    if (byPublisher >= this.perPublisher) return 'publisher';
    this.byAccount.set(account, byAccount + 1);
    this.byPublisher.set(publisherId, byPublisher + 1);
    return null;
  }
}

import type { AttributionPayload } from '@byline/shared';

/** The window the asks are counted in. */
export const ATTRIBUTION_ASK_WINDOW_MS = 10 * 60_000;
/**
 * Asks one API key may make per window, all publishers together: a page read per ask, so one key cannot fill a
 * publisher's queue (the worker reads a host's pages one per 10 s, 60 per window) or keep others' asks waiting.
 */
export const ATTRIBUTION_ASKS_PER_KEY = 20;
/** Asks per publisher per window, all keys together: what the worker reads of one host in the window. */
export const ATTRIBUTION_ASKS_PER_PUBLISHER = 60;

export type OverQuota = 'key' | 'publisher';

/** Counts asks per key and per publisher in fixed windows, in this process. */
export class AskQuota {
  private startedAt = Number.NEGATIVE_INFINITY;
  private readonly byKey = new Map<string, number>();
  private readonly byPublisher = new Map<number, number>();

  constructor(
    private readonly now: () => number,
    private readonly perKey: number,
    private readonly perPublisher: number,
  ) {}

  /** Counts the ask if both its key and its publisher are within their quotas; otherwise says which is not. */
  take({ askedBy = '', publisherId }: AttributionPayload): OverQuota | null {
    const now = this.now();
    if (now - this.startedAt >= ATTRIBUTION_ASK_WINDOW_MS) {
      this.startedAt = now;
      this.byKey.clear();
      this.byPublisher.clear();
    }
    const byKey = this.byKey.get(askedBy) ?? 0;
    if (byKey >= this.perKey) return 'key';
    const byPublisher = this.byPublisher.get(publisherId) ?? 0;
    if (byPublisher >= this.perPublisher) return 'publisher';
    this.byKey.set(askedBy, byKey + 1);
    this.byPublisher.set(publisherId, byPublisher + 1);
    return null;
  }
}

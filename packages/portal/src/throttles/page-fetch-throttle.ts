import { CounterStore, type Counter } from '@byline/http';

export interface PageFetchThrottleOptions {
  /** Where the counts live: this process's memory by default; main shares them through Redis (createPortalCounters). */
  counters?: CounterStore;
  /** Pages one person may have the portal read per `userSeconds`. */
  perUser?: number;
  userSeconds?: number;
}

/** Go ahead, or how many seconds to wait. */
export type PageFetchTurn = { allowed: true } | { allowed: false; wait: number };

/**
 * Adding an article, saving it and "Check again" make the portal fetch a page the person names: without a limit a
 * signed-in person could have it fetch (and decompress) pages without end, many at once. One person has at most
 * `perUser` page reads per `userSeconds` (30 a minute: adding an article reads its page twice, on "Add article" and on saving), counted
 * before the fetch as "Check now" is, so parallel requests cannot slip past.
 */
export class PageFetchThrottle {
  private readonly users: Counter;

  constructor({ counters = CounterStore.inMemory(), perUser = 30, userSeconds = 60 }: PageFetchThrottleOptions = {}) {
    this.users = counters.counter({ name: 'page-fetch-user', points: perUser, seconds: userSeconds });
  }

  /** Counts a page read the user asks for. */
  async take(userId: number): Promise<PageFetchTurn> {
    const turn = await this.users.take(String(userId));
    return turn.allowed ? { allowed: true } : { allowed: false, wait: Math.max(1, Math.ceil(turn.msLeft / 1000)) };
  }
}
